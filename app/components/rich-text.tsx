/**
 * Rich text as its author wrote it: sanitized HTML (app/lib/rich-text.server.ts made it) styled by
 * the typography plugin (`prose`) and the `rich-text` rules of app.css. Every description, hint
 * and notification is shown through this, so they all read alike.
 */
export function RichText({ html, className = '', testId }: { html: string; className?: string; testId?: string }) {
  return <div className={`prose prose-sm prose-slate rich-text max-w-none ${className}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
