// Whether React has hydrated the page: false in the server's render and in the first one in the
// browser (so both agree), true once JavaScript runs the page. What a page without JavaScript shows
// (every field, a note) can go once it is true.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Whether this render is the server's answer to a form posted without JavaScript: a page the
 * browser loaded afresh, so what it never fills back in (the passwords, which are not sent back; a
 * chosen file) is empty, and the form should say so.
 */
export function useReloadedAfterPost(lastResult: unknown): boolean {
  return !useHydrated() && !!lastResult;
}
