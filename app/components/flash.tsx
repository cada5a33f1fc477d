import type { Flash } from '~/lib/session.server';

export function FlashMessage({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  const style = flash.type === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800';
  return (
    <div role={flash.type === 'error' ? 'alert' : 'status'} data-testid="flash" className={`mx-auto mt-4 max-w-5xl rounded-md border px-4 py-3 text-sm ${style}`}>
      {flash.text}
    </div>
  );
}
