// The installable app's icons (public/manifest.webmanifest, docs/decisions/067-web-push.md), drawn from
// the SVGs beside them in public/icons/: `npm run icons -w @vendai/web` writes the PNGs, which are
// committed (the build does not draw them). icon.svg is the favicon's mark; icon-maskable.svg fills the
// square and keeps the mark inside the central safe zone (80 %) that launchers may crop to a circle.
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const dir = path.resolve(import.meta.dirname, '../public/icons');
const icons = [
  { from: 'icon.svg', to: 'icon-192.png', size: 192 },
  { from: 'icon.svg', to: 'icon-512.png', size: 512 },
  { from: 'icon-maskable.svg', to: 'icon-maskable-512.png', size: 512 },
  { from: 'icon-maskable.svg', to: 'apple-touch-icon.png', size: 180 },
];

for (const { from, to, size } of icons) {
  const svg = fs.readFileSync(path.join(dir, from), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  fs.writeFileSync(path.join(dir, to), png);
  console.log(`${to}: ${size}×${size}, ${png.length} bytes`);
}
