import { auditProjector } from './audit/auditProjector.ts';
import type { Projector } from './runner/projector.ts';
import { siteSettingsProjector } from './settings/siteSettingsProjector.ts';

/** Every projector the runner starts and `npm run rebuild` knows. */
export const allProjectors: readonly Projector[] = [siteSettingsProjector, auditProjector];

export type { Projector } from './runner/projector.ts';
export type { ReadModels } from './schema.ts';
