// The readings the sixteenth independent held-out set prompted (smart home, devices, cars and mobile money, in 27
// languages), each beside the look-alikes it must leave alone.
import { describe, expect, it } from 'vitest';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('devices and mobile money', () => {
  it.each([
    ['a Wi-Fi QR string', 'QR ya router: WIFI:S:Nyumbani_5G;T:WPA;P:Chai@Mandazi2024;; tafadhali hifadhi'],
    ['an eSIM activation code', 'eSIM จากร้าน: LPA:1$rsp.example-travel.com$KSJT3-HR81X-C84PB-HY0W3 เก็บไว้'],
    ['a GCash MPIN after a Tagalog copula', 'Paalala: ang MPIN ko sa GCash ay 8302. Huwag ibigay.'],
    ['an eSewa MPIN before a Nepali copula', 'मेरो eSewa को MPIN ३८६१ हो। सम्झाइदिनु है।'],
    ['a PIN after a bracket and a Hausa copula', 'lambar sirri (PIN) ta OPay dina ita ce 2856. Na gode'],
    ['a PIN after a service and a possessive', 'Catat ya, PIN DANA aku 150693. Ingetin aja.'],
    ['a Mexican NIP', 'el NIP de mi tarjeta de débito es 7214, siempre se me olvida'],
    [
      'an Orange Money secret code after "c\'est"',
      "mon code secret Orange Money c'est 3408. Ne le donne à personne",
    ],
    ['a smart lock code in Japanese', '玄関のスマートロック（テンキー式）の暗証番号を4831に変えました。'],
    ['a door-lock number in Korean', '현관 도어락 비밀번호 바꿨어. 새 번호는 091724 누르고 * 누르면 열려.'],
    ['a PhilSys number', 'Para sa SIM registration: PhilSys Card Number: 3569-2166-7744-0338. I-save mo.'],
    [
      'a PIN said aloud in Swahili',
      '[sauti] msaidizi, PIN ya Airtel Money ni tano, tatu, nane, mbili. Usimwambie mtu.',
    ],
  ])('refuses %s', async (_, text) => {
    expect(await gate(text)).toBe('rejected');
  });

  it.each([
    ['a Wi-Fi QR string without a password', 'WIFI:S:Guest_Lobby;T:nopass;; for visitors'],
    [
      'a default pairing PIN said to be one',
      "Printed on the box: 'default pairing PIN 0000 (change in settings)'.",
    ],
    ['a customer ID shaped like an SSN', 'घरको बिजुली मिटरको ग्राहक आईडी 041-77-2390; बिल खल्तीबाट तिरें।'],
    ['a USSD menu', 'Kuangalia salio piga *150*00# kisha chagua 5'],
    ['children counting in Swahili', 'Watoto walihesabu moja, mbili, tatu, nne kabla ya kuruka majini.'],
    ['an ARN after "chave ... é"', 'a chave KMS é arn:aws:kms:sa-east-1:964304198613:key/ab-cd'],
  ])('keeps %s', async (_, text) => {
    expect(await gate(text)).toBe('accepted');
  });
});
