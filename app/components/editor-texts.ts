// MDXEditor's own words (its toolbar, its link, image and table popovers) in the page's language.
// MDXEditor asks for each text by a key of its own and its English default; our keys are the English
// texts themselves (lib/i18n.ts), so the default is the key: the French table needs nothing new, and
// a text a later MDXEditor adds still reads in English. Only mdx-editor.client.tsx imports this, so
// it travels in the editor's lazy chunk; it reaches i18next only through the page's translator, which
// on an English page is the keys filled in.
import type { Translation } from '@mdxeditor/editor';
import type { TFunction } from 'i18next';
import { text } from '~/lib/i18n';

/**
 * Every default text the editor as configured in mdx-editor.client.tsx can show, read from
 * @mdxeditor/editor's source (4.2): text() marks each for the translations test, which then asks for
 * its French. Left out on purpose: what the plugins and toolbar items not used never render
 * (strikethrough, highlight, admonitions, frontmatter, source and diff modes, the image button, the
 * CodeMirror code block), and the image dialog's upload and size fields, which appear only with an
 * imageUploadHandler or allowSetImageDimensions.
 */
export const EDITOR_TEXTS = [
  // The editing area's accessible name
  text('editable markdown'),
  // Toolbar: UndoRedo, BoldItalicUnderlineToggles, CodeToggle, BlockTypeSelect, ListsToggle
  text('Undo {{shortcut}}'),
  text('Redo {{shortcut}}'),
  text('Bold'),
  text('Remove bold'),
  text('Italic'),
  text('Remove italic'),
  text('Underline'),
  text('Remove underline'),
  text('Inline code format'),
  text('Remove code format'),
  text('Select block type'),
  text('Block type'),
  text('Paragraph'),
  text('Quote'),
  text('Heading {{level}}'),
  text('toggle group'),
  text('Bulleted list'),
  text('Numbered list'),
  text('Check list'),
  // Toolbar: CreateLink, InsertTable, InsertThematicBreak, InsertCodeBlock
  text('Create link'),
  text('Insert Table'),
  text('Insert thematic break'),
  text('Insert Code Block'),
  // linkDialogPlugin: the edit form (title field on, as by default) and a link's preview
  text('URL'),
  text('Select or paste an URL'),
  text('Anchor text'),
  text('The text to be displayed for the link'),
  text('Link title'),
  text("The link's title attribute, shown on hover"),
  text('Set URL'),
  text('Save'),
  text('Cancel change'),
  text('Cancel'),
  text('Open {{url}} in new window'),
  text('Edit link URL'),
  text('Copy to clipboard'),
  text('Copied!'),
  text('Remove link'),
  // imagePlugin: an image's own toolbar and its edit dialog (no upload, no sizes)
  text('Delete image'),
  text('Edit image'),
  text('Upload an image'),
  text('Add an image from an URL:'),
  text('Select or paste an image src'),
  text('Alt:'),
  text('Title:'),
  // tablePlugin: the table's tools, its column and row menus
  text('Delete table'),
  text('Column menu'),
  text('Text alignment'),
  text('Align left'),
  text('Align center'),
  text('Align right'),
  text('Insert a column to the left of this one'),
  text('Insert a column to the right of this one'),
  text('Delete this column'),
  text('Row menu'),
  text('Insert a row above this one'),
  text('Insert a row below this one'),
  text('Delete this row'),
] as const;

/**
 * MDXEditor's `translation` from the page's translator: the English default is our key, and its
 * `{{name}}` values are filled in as everywhere else (the English translator does what MDXEditor's
 * own default does; i18next fills the French). A text without French reads in English.
 */
export function editorTranslation(t: TFunction): Translation {
  return (_key, defaultValue, interpolations) => (interpolations ? t(defaultValue, interpolations) : t(defaultValue)) as string;
}
