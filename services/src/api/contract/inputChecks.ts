import { parseInput } from '../routes/accounts/parse.ts';
import { zodValidatorCompiler } from './zodCompilers.ts';

/**
 * The validator compilers the routes use. Each refuses with the words the route's handler would
 * give, so moving a check in front of the handler changes no answer.
 */

/** The storefront's calls: a 400 with the first problem in plain words. */
export const firstProblemInputs = zodValidatorCompiler(parseInput);

/**
 * Inputs the handler alone can judge (their rules depend on who calls, a multipart file, or a
 * refusal that is a 404), or that it parses itself with the same schema (the catalogue calls): the
 * schema documents them and nothing is refused before the handler.
 */
export const handlerChecksInputs = zodValidatorCompiler(() => undefined);
