// Detects e-mail addresses and phone numbers. Either alone is ordinary memory content ("call the dentist at
// ..."), so the default policy keeps them; both in one memory make a contact record (pii/policy.ts).
import type { PiiFinding } from './types.ts';

const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-])/g;
// user@host inside a URL is a login, not a mailbox ("postgres://app@db.internal", "https://jo@git.example").
const URL_BEFORE = /[a-z][a-z0-9+.-]*:\/\/[^\s]*$/i;

// +<country> and 7 to 14 more digits, grouped as people write them ("+44 20 7946 0958", "+55 11 91234-5678").
const INTERNATIONAL = /(?<![\w+])\+\d{1,3}(?:[\s.-]?\(?\d{1,5}\)?){1,5}(?![\w-])/g;
// North American numbers: "(415) 555-0182", "415-555-0182", "415.555.0182".
const NANP = /(?<![\w(.-])\(?[2-9]\d{2}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\w.-])/g;
// National numbers with a trunk 0, grouped: "06 12 34 56 78", "020 7946 0958", "0171 2345678".
const NATIONAL = /(?<![\w.-])0\d{1,4}(?:[\s.-]\d{2,8}){1,4}(?![\w.-])/g;
// After a phone label any 7 to 15 digits are a number: "Tel. 1701234567", "手机 13800138000".
const LABELLED =
  /(?:\b(?:phone|tel|telephone|mobile|cell|cellphone|call|text|sms|whatsapp|signal|handy|telefon|mobil|móvil|celular|teléfono|telefone|telemóvel|téléphone|portable|tél|cellulare|telefono|телефон|тел)\.?|电话|手机|電話|携帯|전화|휴대폰)\s*(?:number|no\.?|nr\.?|#)?\s*[:：]?\s*(\+?\(?\d[\d\s().-]{5,20}\d)/dgiu;
const NOT_PHONE_LABEL =
  /\b(?:order|invoice|ref(?:erence)?|tracking|account|acct|iban|isbn|serial|ticket|case|claim|policy|confirmation|booking|parcel|shipment|transaction|receipt|sku|ean|upc|imei|customer|member|loyalty|cep|plz|zip|postal|postcode)(?:\s*(?:number|no\.?|nr|#|id|code))?\s*[:#=]?\s*$/i;

function digits(value: string): number {
  return value.replace(/\D/g, '').length;
}

function phoneSpans(text: string, pattern: RegExp, min: number, max: number, group = 0): PiiFinding[] {
  const findings: PiiFinding[] = [];
  for (const match of text.matchAll(pattern)) {
    const value = (match[group] ?? '').trimEnd();
    const start = group === 0 ? match.index : (match.indices?.[group]?.[0] ?? match.index);
    const count = digits(value);
    if (count < min || count > max) continue;
    if (group === 0 && NOT_PHONE_LABEL.test(text.slice(Math.max(0, start - 30), start))) continue;
    findings.push({ class: 'phone', start, end: start + value.length });
  }
  return findings;
}

/** E-mail addresses (not logins inside URLs). */
export function detectEmails(text: string): PiiFinding[] {
  return Array.from(text.matchAll(EMAIL))
    .filter((m) => !URL_BEFORE.test(text.slice(Math.max(0, m.index - 200), m.index)) && !/^git@/i.test(m[0]))
    .map((m) => ({ class: 'email' as const, start: m.index, end: m.index + m[0].length }));
}

/** Phone numbers: international, North American, national with a trunk 0, and any after a phone label. */
export function detectPhones(text: string): PiiFinding[] {
  const all = [
    ...phoneSpans(text, LABELLED, 7, 15, 1),
    ...phoneSpans(text, INTERNATIONAL, 8, 15),
    ...phoneSpans(text, NANP, 10, 10),
    ...phoneSpans(text, NATIONAL, 9, 11),
  ];
  // The same number is often found by two patterns: keep the first (longest-labelled) span for each place.
  return all.filter((f, i) => !all.slice(0, i).some((g) => g.start < f.end && f.start < g.end));
}
