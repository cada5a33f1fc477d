import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';

/**
 * React Router's `Link`, drawn on the server as the plain anchor it renders there when its target
 * is an absolute path already in the form React Router would give it ("/practices/challenges?page=2").
 * Why: a `Link` runs eight hooks and resolves its path against the route matches; a challenge
 * board holds 35 of them, about 7% of a render from nothing (docs/benchmark.md). On the server none
 * of that shows in the markup (no handlers, no prefetch links: their state starts off), so the
 * anchor is the same as React Router's, attribute for attribute, and the browser hydrates it with
 * React Router's `Link` as before. Any other target (relative, "?page=2", an object, "..", a full
 * URL) or option that changes the markup goes to React Router's `Link` on the server too.
 */
export const Link = typeof document === 'undefined' ? forwardRef<HTMLAnchorElement, LinkProps>(ServerLink) : RouterLink;

// A path from the root whose segments hold no '.', backslash or empty one ('//'), no bare '?' or
// '#': React Router's href for it on the server is the string itself (resolvePath keeps it). Each
// segment ends at its '/', so the test is linear in the target's length.
const PLAIN_PATH = /^\/(?:[\w\-~%@!$&'()*+,;=:]+\/)*[\w\-~%@!$&'()*+,;=:]*(?:\?[^#]+)?(?:#.+)?$/;

function ServerLink(props: LinkProps, ref: React.ForwardedRef<HTMLAnchorElement>) {
  const { to, target, discover = 'render', reloadDocument, replace, state, preventScrollReset, relative, viewTransition, prefetch, mask, defaultShouldRevalidate, ...anchor } = props;
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || relative !== undefined || mask !== undefined) return <RouterLink ref={ref} {...props} />;
  void [reloadDocument, replace, state, preventScrollReset, viewTransition, prefetch, defaultShouldRevalidate];
  return <a {...(anchor as AnchorHTMLAttributes<HTMLAnchorElement>)} ref={ref} href={to} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
}
