// The viewer's own values in the header: name, picture, id and badge counts. On a page rendered
// once for many viewers (docs/rules.md "Speed") the root loader hands them as placeholders, which
// the server replaces with each viewer's values after the render (lib/viewer-template.server.ts).
// So they must reach the markup as they came: an upper-cased or cut placeholder is no longer one,
// and would print as it is. Their type is opaque: only this module's components put them in a page,
// and anything else done to one (toUpperCase, a template string, a comparison) is a type error.
import type { ImgHTMLAttributes } from 'react';

declare const placeholder: unique symbol;
/** A value of the viewer's own, perhaps a placeholder: rendered only through this module. */
export type Own<T extends string | number> = { readonly [placeholder]: T };

/** The viewer's value as text, exactly as the loader gave it. */
export function OwnValue({ value }: { value: Own<string | number> }) {
  return <>{value as unknown as string | number}</>;
}

/** The viewer's picture. */
export function OwnPicture({ src, ...rest }: { src: Own<string> } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  return <img src={src as unknown as string} {...rest} />;
}

/**
 * Whether a count is above zero: a placeholder keeps that (the root loader hands a zero as it is),
 * since it decides whether a badge is drawn.
 */
export const someOf = (count: Own<number>) => (count as unknown as number) > 0;

/** Two counts shown as one (the notifications badge): the sum of two placeholders is one itself. */
export const sumOf = (a: Own<number>, b: Own<number>) => ((a as unknown as number) + (b as unknown as number)) as unknown as Own<number>;

/** A value known to be the viewer's own and never a placeholder (a count the live stream brought). */
export const own = <T extends string | number>(value: T) => value as unknown as Own<T>;

/**
 * The value for code that runs only in the browser (an effect), where the page holds the viewer's
 * real values: on the server it is a placeholder.
 */
export const inBrowser = <T extends string | number>(value: Own<T>) => value as unknown as T;
