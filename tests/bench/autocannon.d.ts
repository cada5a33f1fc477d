// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
    }
    interface Options { url: string; connections?: number; duration?: number; amount?: number; requests?: Request[]; timeout?: number }
    interface Histogram { p50: number; p90: number; p99: number; average: number; max: number }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      latency: Histogram;
      requests: Histogram & { total: number };
      statusCodeStats?: Record<string, { count: number | string }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
