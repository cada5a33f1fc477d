import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './rich-text.server';

describe('rich text', () => {
  it('renders Markdown', () => {
    expect(markdownToSafeHtml('**bold** and `code`\n\n- one')).toBe('<p><strong>bold</strong> and <code>code</code></p>\n<ul>\n<li>one</li>\n</ul>\n');
  });

  it('drops scripts, event handlers and javascript: URLs, whatever the author typed', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a> [y](javascript:alert(4)) <svg onload=alert(5)></svg><iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|onload|href="javascript:|<iframe|<svg/i);
    expect(html).toContain('<img src="x" />');
  });

  it('keeps safe links and marks them noopener', () => {
    expect(markdownToSafeHtml('[docs](https://example.com)')).toBe('<p><a href="https://example.com" rel="noopener noreferrer nofollow">docs</a></p>\n');
  });
});
