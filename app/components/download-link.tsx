import { useState, type ReactNode } from 'react';
import { useT } from '~/lib/i18n';

// SPEC §8's download messages, letter for letter.
export const DOWNLOAD_MESSAGES = {
  success: 'Downloading file completed successfully!',
  error: 'Error downloading file!',
} as const;

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), if any. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim() : null;
}

/**
 * A file download (writeups, challenge files). Without JavaScript it is a plain link to an attachment:
 * the browser's own download is the feedback. With JavaScript the file is fetched first, so a failure
 * (a 403, a 404, the network) can be told apart from a success, and the page says which (SPEC §8).
 */
export function DownloadLink({ href, name, className = 'link', children }: { href: string; name?: string; className?: string; children: ReactNode }) {
  const [state, setState] = useState<'idle' | 'busy' | 'success' | 'error'>('idle');
  const t = useT();
  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === 'busy') return;
    setState('busy');
    try {
      // Never from the HTTP cache: the file may be gone or no longer allowed since the last download.
      const response = await fetch(href, { credentials: 'same-origin', cache: 'no-store' });
      // A redirect means no file: an expired session led to the login page, a lost role home.
      if (!response.ok || response.redirected) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = dispositionName(response.headers.get('Content-Disposition')) ?? name ?? '';
      document.body.append(a);
      a.click();
      a.remove();
      // The browser has taken the blob once the click has been handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('success');
    } catch {
      setState('error');
    }
  }
  return (
    <span className="inline-flex flex-col">
      <a href={href} download={name ?? true} className={className} onClick={download} aria-busy={state === 'busy' || undefined}>
        {children}
      </a>
      {/* Always present, so screen readers announce the message when it appears. */}
      <span role="status" className={`text-xs ${state === 'error' ? 'text-red-700' : 'text-green-700'}`} data-testid="download-message">
        {state === 'success' ? t(DOWNLOAD_MESSAGES.success) : state === 'error' ? t(DOWNLOAD_MESSAGES.error) : ''}
      </span>
    </span>
  );
}
