import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { COUNTRY_CODES } from '~/lib/countries';
import type { Route } from './+types/flag';

// The flags of country-flag-icons (a maintained set on the registry), 3:2, a few hundred bytes each:
// read once, as a country is first asked for. Emoji flags showed as two letters in a box wherever no
// emoji font is installed (many desktops).
const DIR = join(dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')), '3x2');
const read = new Map<string, Buffer>();
const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** /media/flags/{code}: a country's flag, for everyone, kept a year by browsers (a flag's file never changes). */
export function loader({ params }: Route.LoaderArgs) {
  const code = params.code ?? '';
  if (!COUNTRY_CODES.has(code)) return notFound();
  let svg = read.get(code);
  if (!svg) {
    try {
      svg = readFileSync(join(DIR, `${code}.svg`));
    } catch {
      return notFound();
    }
    read.set(code, svg);
  }
  return new Response(svg as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'image/svg+xml',
      // Shown by <img>, where an SVG runs nothing; opened on its own, it may not either.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
