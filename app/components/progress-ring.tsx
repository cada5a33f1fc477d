import { useT } from '~/lib/i18n';

/** A circular progress indicator drawn as static SVG (no JavaScript needed). */
export function ProgressRing({ percent, size = 44 }: { percent: number; size?: number }) {
  const t = useT();
  const stroke = 5;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(100, percent));
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={t('{{percent}}% solved', { percent: p })}>
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#e2e8f0" strokeWidth={stroke} />
      {p > 0 ? <circle
        cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#1d4ed8" strokeWidth={stroke} strokeLinecap="round"
        strokeDasharray={`${(c * p) / 100} ${c}`} transform={`rotate(-90 ${size / 2} ${size / 2})`}
      /> : null}
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={size / 4} fill="#0f172a">{p}%</text>
    </svg>
  );
}
