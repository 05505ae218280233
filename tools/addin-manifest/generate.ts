/**
 * `npm run addin:manifest -- --origin https://localhost:3000 [--out manifest.xml] [--release]`:
 * writes the add-in manifest for a pane origin, after checking it offline.
 */
import { writeFileSync } from 'node:fs';
import { DEVELOPMENT_ORIGIN, RELEASE_ORIGIN } from '../../addin/pane-origin';
import { manifestXml } from '../../addin/word-manifest';
import { validateManifest } from './validate-manifest';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const origin = process.argv.includes('--release') ? RELEASE_ORIGIN : option('--origin') ?? DEVELOPMENT_ORIGIN;
const out = option('--out') ?? 'manifest.xml';
const xml = manifestXml(origin);
const problems = validateManifest(xml);
if (problems.length) {
  console.error(`The generated manifest fails the offline check:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
writeFileSync(out, xml);
console.log(`Wrote ${out} for ${origin} (offline check passed; tools/validate-manifest-xsd.sh runs the XSD check).`);
