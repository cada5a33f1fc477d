// What a shared page's render read of its viewer (docs/rules.md "Speed"). A page kept for many
// viewers (`handle.pageCache: 'shared'`, lib/page-cache.server.ts) is replayed to another viewer
// only when every field its loaders read of their viewer holds the same value for them. The key is
// taken from the render itself, not from a list someone keeps: a loader that starts reading its
// viewer's full name puts the full name in the page's key, and the page is then kept per full name
// instead of replayed to someone else.
// The loaders get their viewer from getUser/requireUser (lib/auth.server.ts), which hand such a
// page a recording proxy of the user, and the request's load context records a read of `userId`
// too. The header's own values (name, picture, badge counts) are the exception: the root loader
// reads them from the unrecorded user and hands tokens in their place (lib/viewer-template.server.ts),
// which each viewer's answer fills with their own.

const recorded = new WeakMap<object, object>();

/** `user` as a proxy that adds the name of each of its own fields read (or listed) to `reads`. */
export function recordingViewer<T extends object>(user: T, reads: Set<string>): T {
  const note = (target: object, prop: string | symbol) => {
    if (typeof prop === 'string' && Object.hasOwn(target, prop)) reads.add(prop);
  };
  const proxy = new Proxy(user, {
    get(target, prop) {
      note(target, prop);
      return Reflect.get(target, prop);
    },
    has(target, prop) {
      note(target, prop);
      return Reflect.has(target, prop);
    },
    getOwnPropertyDescriptor(target, prop) {
      note(target, prop);
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    // Spread, JSON.stringify, Object.keys: the whole user counts as read.
    ownKeys(target) {
      for (const key of Reflect.ownKeys(target)) note(target, key);
      return Reflect.ownKeys(target);
    },
  });
  recorded.set(proxy, user);
  return proxy;
}

/** The user behind a recording proxy (the root loader's header values), or `user` itself. */
export function unrecorded<T extends object>(user: T): T {
  return (recorded.get(user) as T | undefined) ?? user;
}

/** The values of `fields` for this viewer, as one string a key holds. */
export function readValues(user: object, fields: readonly string[]): string {
  return JSON.stringify(fields.map((field) => (user as Record<string, unknown>)[field] ?? null));
}
