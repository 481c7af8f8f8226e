// The readings the fifteenth independent held-out set prompted (work assistants: HR, payroll, IT helpdesk, SaaS
// tokens, finance, in 24 languages), each beside the look-alikes it must leave alone. Token values are built here
// from repeated fragments, so no complete credential literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

const hex32 = '45962934f650637637e82f0b052bdd5d';
const mixed40 = '71VInjAxCMm9YJ6nbegVLFtVwuuqgsW7KpCB2TJl';

describe('tokens handed over on the line after their name', () => {
  it('refuses a token alone on the line after "... jeton API ... :", not a fingerprint or an ID there', async () => {
    expect(
      await gate(
        `voici le jeton API que j'ai créé pour ton script de purge (expire le 31/12) :\n\n${mixed40}\n\nMerci`,
      ),
    ).toBe('rejected');
    expect(await gate(`Fingerprint of the signing key:\n${mixed40}`)).toBe('accepted');
    expect(await gate(`Request ID of the failed call:\n${mixed40}`)).toBe('accepted');
  });

  it('refuses a Twilio auth token on the line after its name, an AWS secret with its credentials file after it', async () => {
    expect(
      await gate(
        `Confirmei na consola da Twilio. O Auth Token que está na configuração é:\n${hex32}\nObrigada`,
      ),
    ).toBe('rejected');
    const secret = 'y9Nii5vHIaRkChbH93D7NtEESizcL/7X3M9zpODo';
    expect(
      await gate(`ось він:\n\n${secret}\n\nДодай його в ~/.aws/credentials як aws_secret_access_key`),
    ).toBe('rejected');
  });

  it('refuses a storage account key by its shape after key1, and a HubSpot private app token', async () => {
    const key = `${'vlIQzg+ybzL7YddmTdtfZMsGWVEuTiuu8es9T9qRsby/5HoFbeHk6WKOuP9dIk5mmvI4mKMBH67e/T6eZ2tFJ'.slice(0, 86)}==`;
    expect(
      await gate(`storage account stloonadminprd, toegangssleutel (key1):\n\n${key}\n\nNiet delen`),
    ).toBe('rejected');
    expect(
      await gate(`Token (Oskar skapade den igår): pat-eu1-469323b4-015c-45fa-a75a-${'593a562d8d16'}`),
    ).toBe('rejected');
  });
});

describe('codes, passwords and company numbers at work', () => {
  it.each([
    ['a locker padlock code in Swedish', 'Ditt skåp är nr 47 och koden till hänglåset är 5946.'],
    [
      'an alarm code with an aside before its colon',
      'Alarmcode kantoor Utrecht (voor wie als laatste vertrekt): 76828, daarna de deur dicht.',
    ],
    ['a Turkish door code that changed', 'arşiv odasının kapı şifresi değişti: 866732. Lütfen dikkat edin.'],
    ['a Hindi door code', 'सर्वर रूम का नया डोर कोड 440640 है। कृपया साझा न करें।'],
    ['a Korean OTP number', '팀장님, 급여 이체 승인용 OTP 번호 845389 입니다.'],
    [
      'a temporary password without a verb',
      'identifiant m.garnier, mot de passe provisoire Renard-Velours-93! à changer',
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    [
      'a Polish company tax number on an invoice',
      'Faktura od firmy Biuro-Serwis Sp. z o.o., NIP 4608450084, REGON 626784250.',
    ],
    ['a Russian company INN (ten digits)', 'Реквизиты поставщика для сверки: ИНН 7799988018, КПП 771301001.'],
    [
      'a test card said to be one in Hebrew',
      'לבדיקות תשלום בסביבת הטסט השתמשו בכרטיס 4242 4242 4242 4242 עם כל תאריך עתידי.',
    ],
    ['a password rule with a unit in Czech', 'Platnost hesla je 180 dní, systém vás upozorní 14 dní předem.'],
    ['a locker number in Swedish', 'Ditt skåp är nr 47 i omklädningsrummet.'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
