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

// Props of React Router's Link that are not the anchor's (target is, after href, as React Router puts it).
const ROUTER_ONLY = new Set(['to', 'target', 'discover', 'reloadDocument', 'replace', 'state', 'preventScrollReset', 'relative', 'viewTransition', 'prefetch', 'mask', 'defaultShouldRevalidate']);

function ServerLink(props: LinkProps, ref: React.ForwardedRef<HTMLAnchorElement>) {
  const { to } = props;
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || props.relative !== undefined || props.mask !== undefined) return <RouterLink ref={ref} {...props} />;
  // Copied by a loop: Node 20 builds an object literal of a spread followed by properties one
  // property at a time (about 1 µs for a link's, against 0.1).
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!ROUTER_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  anchor.ref = ref;
  anchor.href = to;
  anchor.target = props.target;
  anchor['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined;
  return <a {...(anchor as AnchorHTMLAttributes<HTMLAnchorElement>)} />;
}
