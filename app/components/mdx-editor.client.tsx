// The rich text editor, for browsers only: MDXEditor cannot render on the server and weighs about
// 190 kB gzipped, so markdown-editor.tsx loads this module lazily, after hydration, on the pages
// that edit rich text. Its stylesheet comes with this chunk, not with the global one.
import '@mdxeditor/editor/style.css';
import { useMemo } from 'react';
import { useLanguage, useT } from '~/lib/i18n';
import { editorTranslation } from './editor-texts';
import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  codeBlockPlugin,
  CodeToggle,
  CreateLink,
  headingsPlugin,
  imagePlugin,
  InsertCodeBlock,
  InsertTable,
  InsertThematicBreak,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  ListsToggle,
  markdownShortcutPlugin,
  MDXEditor,
  quotePlugin,
  Separator,
  tablePlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  UndoRedo,
  useCodeBlockEditorContext,
  type CodeBlockEditorDescriptor,
} from '@mdxeditor/editor';

/**
 * Code blocks are edited as plain text: MDXEditor's CodeMirror plugin would double the chunk's size
 * (about 400 kB gzipped instead of 190), and challenge code needs no highlighting while typed.
 */
const plainCodeBlock: CodeBlockEditorDescriptor = {
  priority: 0,
  match: () => true,
  Editor: ({ code }) => {
    const editor = useCodeBlockEditorContext();
    const t = useT();
    return (
      <textarea
        aria-label={t('Code block')}
        defaultValue={code}
        rows={Math.min(20, Math.max(3, code.split('\n').length + 1))}
        onChange={(e) => editor.setCode(e.target.value)}
        // Keys typed here belong to the code, not to the surrounding rich text editor.
        onKeyDown={(e) => e.nativeEvent.stopImmediatePropagation()}
        className="w-full rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs"
      />
    );
  },
};

const plugins = [
  headingsPlugin(),
  listsPlugin(),
  quotePlugin(),
  thematicBreakPlugin(),
  linkPlugin(),
  linkDialogPlugin(),
  imagePlugin(),
  tablePlugin(),
  codeBlockPlugin({ defaultCodeBlockLanguage: '', codeBlockEditorDescriptors: [plainCodeBlock] }),
  markdownShortcutPlugin(),
  toolbarPlugin({
    toolbarContents: () => (
      <>
        <UndoRedo />
        <Separator />
        <BoldItalicUnderlineToggles />
        <CodeToggle />
        <Separator />
        <BlockTypeSelect />
        <ListsToggle />
        <Separator />
        <CreateLink />
        <InsertTable />
        <InsertThematicBreak />
        <InsertCodeBlock />
      </>
    ),
  }),
];

// Tailwind's reset strips list bullets and heading sizes; give the editing area them back.
const CONTENT =
  'min-h-48 px-3 py-2 text-sm [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_a]:text-brand-600 [&_a]:underline [&_code]:font-mono [&_p]:my-2';

export default function MdxMarkdownEditor({ markdown, onChange, onError }: { markdown: string; onChange: (markdown: string) => void; onError: () => void }) {
  const t = useT();
  const language = useLanguage();
  const translation = useMemo(() => editorTranslation(t), [t]);
  return (
    <MDXEditor
      // MDXEditor reads its translation once, when it starts: a switch of language starts it anew
      // (the text is the parent's state, so nothing typed is lost).
      key={language}
      markdown={markdown}
      onChange={(value) => onChange(value)}
      onError={onError}
      plugins={plugins}
      translation={translation}
      // The toolbar's "Block type" placeholder is pale grey by default (1.9:1 on white, axe "serious").
      className="rounded-md border border-slate-300 bg-white [&_[data-placeholder]>span:first-child]:text-slate-600!"
      contentEditableClassName={CONTENT}
    />
  );
}
