import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { layersRule } from './layers.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);
const options = [
  {
    layers: [
      { files: ['domain/src'], forbid: ['services/src', 'pg'], message: 'domain is pure' },
      { files: ['services/src'], except: ['services/src/api', 'services/src/main'], forbid: ['services/src/api'], message: 'below api' },
    ],
    features: ['web/src/features'],
  },
];

new RuleTester().run('layers', layersRule, {
  valid: [
    { filename: at('services/src/api/routes/x.ts'), code: "import { a } from '../context.ts';", options },
    { filename: at('services/src/main/api.ts'), code: "import { a } from '../api/app.ts';", options },
    { filename: at('services/src/orders/x.ts'), code: "import { a } from '@shop/domain/orders/order';", options },
    { filename: at('web/src/features/order/a.ts'), code: "import { b } from './b';", options },
    { filename: at('web/src/features/order/a.ts'), code: "import { b } from '../../lib/money';", options },
  ],
  invalid: [
    { filename: at('services/src/orders/x.ts'), code: "import { a } from '../api/errors.ts';", options, errors: 1 },
    { filename: at('services/src/orders/x.ts'), code: "export { a } from '@shop/services/api/context';", options, errors: 1 },
    { filename: at('domain/src/x.ts'), code: "import pg from 'pg';", options, errors: 1 },
    { filename: at('domain/src/x.ts'), code: "const m = import('../../services/src/db/database.ts');", options, errors: 1 },
    { filename: at('web/src/features/order/a.ts'), code: "import { b } from '../checkout/lib/address';", options, errors: 1 },
  ],
});
