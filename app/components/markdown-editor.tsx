// The rich text field (SPEC §2 "description as rich text"). Without JavaScript, and until the page
// has hydrated, it is a plain Markdown <textarea>; afterwards MDXEditor (loaded lazily, browser
// only) replaces it and writes its Markdown into a hidden input of the same name. Whatever the
// author types, the server stores the Markdown and its sanitized HTML.
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '~/lib/i18n';
import { RichText } from './rich-text';

const MdxMarkdownEditor = lazy(() => import('./mdx-editor.client'));

/** Falls back to the textarea if the editor's chunk fails to load or to render. */
class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function MarkdownEditor({ id, name, label, defaultValue = '', errors, required, preview }: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  errors?: string[] | null;
  required?: boolean;
  /** The saved text as sanitized HTML: shown under the field as learners read it. */
  preview?: string;
}) {
  const t = useT();
  const [markdown, setMarkdown] = useState(defaultValue);
  const [hydrated, setHydrated] = useState(false);
  // Markdown MDXEditor cannot parse (some raw HTML, say) stays editable as text.
  const [unsupported, setUnsupported] = useState(false);
  const typedBeforeHydration = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Keep what was typed into the server-rendered textarea before React took over.
    if (typedBeforeHydration.current) setMarkdown(typedBeforeHydration.current.value);
    setHydrated(true);
  }, []);

  const describedBy = errors?.length ? `${id}-error` : `${id}-help`;
  const textarea = (
    <textarea
      ref={hydrated ? undefined : typedBeforeHydration}
      id={id}
      name={name}
      rows={10}
      required={required}
      value={markdown}
      onChange={(e) => setMarkdown(e.target.value)}
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={describedBy}
      className="input min-h-60 font-mono"
    />
  );

  return (
    <div className="mb-4">
      <label className="label" htmlFor={id} id={`${id}-label`}>{label}</label>
      {/* The textarea and the editor (its toolbar and an empty text) fit the same height, so the
          buttons below do not move when the editor arrives: a click aimed at them as it did would
          land beside them (tests/e2e/authoring.spec.ts measures it). */}
      <div className="min-h-60">
        {hydrated && !unsupported ? (
          <Fallback fallback={textarea}>
            <Suspense fallback={textarea}>
              <div data-testid={`${id}-rich-editor`} role="group" aria-labelledby={`${id}-label`}>
                <input type="hidden" name={name} value={markdown} />
                <MdxMarkdownEditor markdown={markdown} onChange={setMarkdown} onError={() => setUnsupported(true)} />
              </div>
            </Suspense>
          </Fallback>
        ) : (
          textarea
        )}
      </div>
      {errors?.length ? (
        <p className="field-error" id={`${id}-error`} role="alert">{t(errors[0])}</p>
      ) : (
        <p className="mt-1 text-xs text-slate-500" id={`${id}-help`}>{t('Markdown; HTML is sanitized (no scripts, event handlers or javascript: links).')}</p>
      )}
      {preview ? (
        <section aria-labelledby={`${id}-preview-title`} className="mt-3 rounded-md border border-slate-200 bg-white p-4" data-testid={`${id}-preview`}>
          <h2 id={`${id}-preview-title`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('Preview: as learners read it (last saved)')}</h2>
          <RichText html={preview} />
        </section>
      ) : null}
    </div>
  );
}
