import { escapeHtml } from './format.ts';

/** What every template returns. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The house style, as inline styles (mail clients drop <style> blocks and external CSS). */
export const COLOURS = {
  page: '#f3f4f6',
  card: '#ffffff',
  header: '#111827',
  accent: '#b91c1c',
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#e5e7eb',
} as const;
export const FONT = 'Arial, Helvetica, sans-serif';

export const P_STYLE = `margin:0 0 16px 0;font-family:${FONT};font-size:15px;line-height:22px;color:${COLOURS.text};`;
export const H2_STYLE = `margin:24px 0 8px 0;font-family:${FONT};font-size:17px;line-height:24px;color:${COLOURS.text};font-weight:bold;`;

/** A paragraph of escaped text. */
export function paragraph(text: string): string {
  return `<p style="${P_STYLE}">${escapeHtml(text)}</p>`;
}

/** A paragraph of already-safe HTML. */
export function paragraphHtml(html: string): string {
  return `<p style="${P_STYLE}">${html}</p>`;
}

export function heading(text: string): string {
  return `<h2 style="${H2_STYLE}">${escapeHtml(text)}</h2>`;
}

/** A link of escaped text to an escaped (http(s), schema-checked) URL. */
export function link(url: string, text: string = url): string {
  return `<a href="${escapeHtml(url)}" style="color:${COLOURS.accent};text-decoration:underline;word-break:break-all;">${escapeHtml(text)}</a>`;
}

/** A table-based button (works in Outlook), followed by the plain link for clients that hide it. */
export function button(url: string, label: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;border-collapse:separate;">` +
    `<tr><td align="center" bgcolor="${COLOURS.accent}" style="border-radius:4px;background-color:${COLOURS.accent};">` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:15px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>` +
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:13px;line-height:18px;color:${COLOURS.muted};">If the button does not work, copy this link into your browser:<br>${link(url)}</p>`
  );
}

export interface LayoutOptions {
  /** The <title> and the header bar text's companion. */
  title: string;
  /** The preview line most clients show after the subject. */
  preheader: string;
  shopName: string | undefined;
  shopUrl?: string | undefined;
  /** Safe HTML (escaped by the caller). */
  bodyHtml: string;
}

/** The shell: a centred 600px card in nested tables, with the shop's name on top and a footer; folded (foldHtml). */
export function layout(options: LayoutOptions): string {
  return foldHtml(page(options));
}

function page({ title, preheader, shopName, shopUrl, bodyHtml }: LayoutOptions): string {
  const name = shopName ?? '';
  const headerText = name !== '' ? escapeHtml(name) : escapeHtml(title);
  const header = shopUrl ? `<a href="${escapeHtml(shopUrl)}" style="color:#ffffff;text-decoration:none;">${headerText}</a>` : headerText;
  const footer =
    (name !== '' ? `${escapeHtml(name)} &middot; Brisbane, Queensland, Australia` : 'Brisbane, Queensland, Australia') +
    (shopUrl ? `<br>${link(shopUrl)}` : '');
  return `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOURS.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.page}" style="background-color:${COLOURS.page};border-collapse:collapse;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.card}" style="width:100%;max-width:600px;background-color:${COLOURS.card};border-collapse:collapse;">
<tr><td bgcolor="${COLOURS.header}" style="background-color:${COLOURS.header};padding:18px 24px;font-family:${FONT};font-size:20px;line-height:26px;font-weight:bold;color:#ffffff;">${header}</td></tr>
<tr><td style="padding:24px;font-family:${FONT};font-size:15px;line-height:22px;color:${COLOURS.text};">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${COLOURS.rule};font-family:${FONT};font-size:12px;line-height:18px;color:${COLOURS.muted};">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The longest line foldHtml aims for: nodemailer sends a part as it is (7bit) only when every line fits. */
export const MAIL_LINE_WIDTH = 76;

/**
 * Folds our HTML into lines of at most `width` characters without changing what a mail client
 * shows: inside a tag (at the space between attributes, after a ';' or at a space in a style value,
 * just before the '>') where it can, else at a space in text (a line break is white space there as a
 * space is; the templates use no preformatted text). An email whose lines all fit is sent as it is
 * (7bit); nodemailer would otherwise encode it as quoted-printable, which cost more CPU than
 * rendering the template and wrote every '=' of the markup as '=3D'. A line that cannot be folded (a
 * long link) is left long: the mailer still sends such a part as it is, up to SMTP's 998 characters.
 *
 * Expects markup as the templates write it: attribute values in double quotes, text escaped.
 */
export function foldHtml(html: string, width = MAIL_LINE_WIDTH): string {
  const lines: string[] = [];
  let lineStart = 0; // where the current line begins in `html`
  // The last places in the current line where it may break, in a tag and in text; the line goes on
  // after the break, skipping the space there (tagSkip 1) or not (0: a break before a '>' or after a ';').
  let tagBreak = -1;
  let tagSkip = 0;
  let textBreak = -1;
  let inTag = false;
  let inValue = false;
  let inStyle = false;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === NEWLINE) {
      lines.push(html.slice(lineStart, i));
      lineStart = i + 1;
      tagBreak = textBreak = -1;
      continue;
    }
    // This character would make the line too long: break it at the last place before it, if any.
    if (i + 1 - lineStart > width) {
      const at = tagBreak > lineStart ? tagBreak : textBreak;
      if (at > lineStart) {
        lines.push(html.slice(lineStart, at));
        lineStart = at + (at === tagBreak ? tagSkip : 1);
        if (textBreak < lineStart) textBreak = -1;
        if (tagBreak < lineStart) tagBreak = -1;
      }
    }
    if (!inTag) {
      if (c === SPACE) textBreak = i;
      else if (c === LT) inTag = true;
    } else if (inValue) {
      if (c === QUOTE) {
        inValue = false;
      } else if (inStyle && c === SPACE) {
        tagBreak = i;
        tagSkip = 1;
      } else if (inStyle && c === SEMICOLON && html.charCodeAt(i + 1) !== QUOTE) {
        tagBreak = i + 1;
        tagSkip = 0;
      }
    } else if (c === QUOTE) {
      inValue = true;
      inStyle = html.startsWith('style=', i - 6);
    } else if (c === SPACE || c === GT) {
      tagBreak = i;
      tagSkip = c === SPACE ? 1 : 0;
      inTag = c === SPACE;
    }
  }
  lines.push(html.slice(lineStart));
  return lines.join('\n');
}
const [NEWLINE, SPACE, QUOTE, LT, GT, SEMICOLON] = ['\n', ' ', '"', '<', '>', ';'].map((c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
  number,
];

/** The plain-text part: paragraphs separated by blank lines, with a signature. */
export function textBody(blocks: readonly string[], shopName: string | undefined): string {
  const signature = shopName ? `Thanks,\n${shopName}` : 'Thanks';
  return [...blocks, signature].join('\n\n') + '\n';
}

/** The sign-off in HTML. */
export function signatureHtml(shopName: string | undefined): string {
  return paragraphHtml(shopName ? `Thanks,<br>${escapeHtml(shopName)}` : 'Thanks');
}
