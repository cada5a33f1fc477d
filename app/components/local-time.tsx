import { useEffect, useState } from 'react';
import { useLanguage } from '~/lib/i18n';

/** `2026-11-23 21:40 UTC`: what the server can say without knowing the visitor's time zone. */
export function utcText(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A moment in time. The server renders it in UTC and says so; once the page runs JavaScript it is
 * shown in the visitor's own time zone, whose name is part of the text (never a bare hour).
 */
export function LocalTime({ iso }: { iso: string }) {
  const language = useLanguage();
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    try {
      setLocal(new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso)));
    } catch {
      setLocal(null);
    }
  }, [iso, language]);
  return (
    <time dateTime={iso} title={utcText(iso)} data-zone={local ? 'local' : 'utc'}>
      {local ?? utcText(iso)}
    </time>
  );
}
