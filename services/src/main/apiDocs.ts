import { writeFileSync } from 'node:fs';
import { buildApiReference } from '../api/apiReferenceBuild.ts';

/** npm run docs:api — writes docs/api.md from the app's routes. */
writeFileSync('docs/api.md', await buildApiReference());
console.log('wrote docs/api.md');
process.exit(0);
