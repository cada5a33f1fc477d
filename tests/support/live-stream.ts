// A reader of GET /api/notifications/stream for the API tests: opens it with a Bearer token and
// reads its Server-Sent Events frame by frame.

export interface LiveStream {
  res: Response;
  /** The next frame (its text up to the blank line); throws when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<string>;
  /** The `{general, admin}` counts a frame's `data:` line carries. */
  data(frame: string): { general: number; admin: number };
  close(): void;
}

export async function openStream(baseUrl: string, token: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' }, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (timeoutMs = 5_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return frame;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${timeoutMs} ms`);
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  const data = (frame: string) => JSON.parse(frame.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { general: number; admin: number };
  return { res, next, data, close: () => controller.abort() };
}
