// A lint rule for the project's layers: which folders may import which.
// Paths are resolved against the project root, so `../../order/x` and `@shop/domain/x` are
// judged by where they land, not by how they are spelled.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const packages = {
  '@shop/domain': 'domain/src',
  '@shop/projections': 'projections/src',
  '@shop/services': 'services/src',
  '@shop/web': 'web/src',
};

/** Where an import lands, as a path from the project root, or the bare package name. */
export function landing(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(fromFile), specifier));
  for (const [name, folder] of Object.entries(packages)) {
    if (specifier === name) return folder;
    if (specifier.startsWith(`${name}/`)) return `${folder}/${specifier.slice(name.length + 1)}`;
  }
  return specifier;
}

const under = (file, folder) => file === folder || file.startsWith(`${folder}/`);
/** A folder or file of the tree, or `*suffix` for every file ending so (`*.test.ts`). */
const matches = (file, place) => (place.startsWith('*') ? file.endsWith(place.slice(1)) : under(file, place));

/** The feature folder a file lies in under `featuresRoot`, if any. */
function featureOf(file, featuresRoot) {
  if (!under(file, featuresRoot) || file === featuresRoot) return null;
  return file.slice(featuresRoot.length + 1).split('/')[0];
}

/**
 * Options: { layers: [{ files, except?, forbid: [folder or package], message }], features: [folder] }; `except` may
 * also name `*suffix` (every file ending so).
 * `features` folders hold one folder per feature; a feature may not import another one.
 */
export const layersRule = {
  meta: { type: 'problem', schema: [{ type: 'object' }], messages: { layer: '{{message}}' } },
  create(context) {
    const { layers = [], features = [] } = context.options[0] ?? {};
    const file = path.relative(root, context.filename);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = landing(context.filename, specifier);
      for (const layer of layers) {
        if (!layer.files.some((f) => under(file, f))) continue;
        if ((layer.except ?? []).some((f) => matches(file, f))) continue;
        const hit = layer.forbid.find((f) => under(target, f));
        if (hit) context.report({ node, messageId: 'layer', data: { message: `${layer.message} (${specifier})` } });
      }
      for (const featuresRoot of features) {
        const mine = featureOf(file, featuresRoot);
        const theirs = featureOf(target, featuresRoot);
        if (mine && theirs && mine !== theirs) {
          context.report({
            node,
            messageId: 'layer',
            data: { message: `features/${mine} may not import features/${theirs}; move what both need to a shared folder (${specifier})` },
          });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
