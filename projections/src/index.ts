import { adminProjectors } from './admin/projectors.ts';
import { auditProjector } from './audit/auditProjector.ts';
import { catalogueProjectors } from './catalogue/projectors.ts';
import { marketplaceProjectors } from './marketplace/projectors.ts';
import { ordersProjectors } from './orders/projectors.ts';
import { pullListProjectors } from './pullLists/projectors.ts';
import type { Projector } from './runner/projector.ts';
import { seriesProjectors } from './series/projectors.ts';
import { siteSettingsProjector } from './settings/siteSettingsProjector.ts';
import { usersProjectors } from './users/projectors.ts';
import { wantsProjectors } from './wants/projectors.ts';

/** Every projector the runner starts and `npm run rebuild` knows. */
export const allProjectors: readonly Projector[] = [
  siteSettingsProjector,
  auditProjector,
  ...catalogueProjectors,
  ...ordersProjectors,
  ...usersProjectors,
  ...adminProjectors,
  ...marketplaceProjectors,
  ...wantsProjectors,
  ...seriesProjectors,
  ...pullListProjectors,
];

export type { Projector } from './runner/projector.ts';
export type { ReadModels } from './schema.ts';
