/** The frame every generated page shares: frontmatter, a title, and a "generated" note. */
import { ui, type Lang } from '../i18n.ts';
import { esc, frontmatter } from '../escape.ts';
import { blocks, heading } from '../markdown.ts';

const generatedNote: Record<Lang, string> = {
  en: 'This page is generated from the rule specs; edit the YAML under rules/, not this page.',
  zh: '本頁由規則規格自動產生；請修改 rules/ 下的 YAML，而非本頁。',
};

export function page(lang: Lang, title: string, body: (string | undefined | false)[], extra: Record<string, unknown> = {}): string {
  return blocks(
    frontmatter({ title, ...extra }).trimEnd(),
    `<!-- ${generatedNote[lang]} -->`,
    heading(1, title, 'Top'),
    ...body,
  );
}

/** a section heading with a capitalised anchor (rule ids are never capitalised) */
export function section(title: string, anchor: string): string {
  return heading(2, title, anchor);
}

/** a short paragraph of page text, escaped */
export function para(text: string, cls?: string): string {
  return `<p${cls ? ` class="${cls}"` : ''} v-pre>${esc(text)}</p>`;
}

export function pageTitle(gameName: string, pageName: string, lang: Lang): string {
  return `${gameName}${lang === 'zh' ? '：' : ': '}${pageName}`;
}

export { ui };
