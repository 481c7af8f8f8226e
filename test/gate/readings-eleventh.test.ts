// The readings the eleventh independent held-out set prompted (small businesses' team chats, handovers and back
// office, 22 languages), each beside the look-alikes it must leave alone. Values are generated here with their check
// digits, so no complete identifier literal sits in the repository.
import { describe, expect, it } from 'vitest';
import { isValidAfm } from '../../src/gate/pii/national-ids.ts';
import { evaluateCorpusText } from './corpus/measure.ts';

/** The gate's decision on a user's fact, as the corpus measures it. */
const gate = async (content: string) => (await evaluateCorpusText(content)).decision;

describe('passwords named by a few words before a colon, in more scripts', () => {
  it('refuses a random value after up to five words, marks and half-spaces included', async () => {
    for (const text of [
      'Пароль від вайфаю для персоналу: kava_lviv2022, мережа KavaStaff.',
      'كلمة سر الواي فاي الخاصة بالموظفين تغيّرت: Shawarma@2024 — الشبكة اسمها Staff.',
      'Mật khẩu máy POS KiotViet ca tối: caphe@sua99, tài khoản thungan2.',
      'رمز ورود نرم‌افزار حسابداری روی لپ‌تاپ دفتر: Parsian1402! — نام کاربری: modir.',
      '알바생분들 포스기 관리자 비밀번호 바뀌었어요: cafe_seoul22 (소문자!)',
      'รหัสผ่านเข้าเครื่อง POS ของพนักงานกะดึก: ThaiMassage#55 ชื่อผู้ใช้ staff03',
      '收银系统账号换了：店长账号 dianzhang01，密码 Naicha@2024。',
      'भाई, Paytm for Business का लॉगिन: पासवर्ड Sharma@7788 है।',
    ])
      expect(await gate(text), text).toBe('rejected');
  });

  it('keeps words after those labels that are not a chosen value', async () => {
    for (const text of [
      'Пароль від вайфаю для персоналу: на чеку внизу.',
      'كلمة سر الواي فاي الخاصة بالموظفين تغيّرت: اسألوا المدير.',
      '비밀번호 바뀌었어요: 점장님께 물어보세요',
      'Password policy for the shop accounts: twelve characters at least.',
    ])
      expect(await gate(text), text).toBe('accepted');
  });
});

describe('one-time codes and access codes in staff chats', () => {
  it('refuses codes named by their sender or arriving in more phrasings', async () => {
    for (const text of [
      'the bank texted a code to my phone: 4419260. Read it to them if they ask.',
      'Me ha llegado el código de Glovo Partners al móvil de la tienda: 384 116. Caduca en 5 min.',
      'وصلني رمز التحقق من تطبيق طلبات على جوال المحل: 729384، دخّله بسرعة.',
      'Kode OTP dari GoBiz masuk ke HP kasir: 551 208. Tolong masukin di tablet.',
      'Mã OTP Vietcombank gửi về điện thoại quán: 048193. Em nhập giúp chị.',
      '楽天のRMSから認証コードが届きました：715392　入力お願いします。',
      '배민 사장님 사이트 인증번호 왔어요 → 638201 매장 폰으로 온 거예요.',
    ])
      expect(await gate(text), text).toBe('rejected');
  });

  it('refuses lock codes in more phrasings', async () => {
    for (const text of [
      'For the weekend manager: the office safe is 46-19-83 (turn right first, 3 times).',
      'Larmkoden till lagret är 9146, sen tryck på "Av".',
      'Mã khóa cửa kho sau: 6 2 4 9 rồi bấm #.',
      'รหัสตู้เซฟหลังร้าน 7 0 3 8 5 เงินทอนอยู่ชั้นบน',
    ])
      expect(await gate(text), text).toBe('rejected');
  });

  it('keeps order numbers, times and prices beside the same words', async () => {
    for (const text of [
      'The code from the booking: 48213377 is on the printout',
      'Me ha llegado el pedido de Glovo para la mesa 12 a las 20:30.',
      'The safe is 60 cm wide, it arrives Tuesday.',
      'Mã đơn hàng: 0087, giao lúc 6h sáng.',
      'Larmet testades i dag kl 14, allt fungerar.',
    ])
      expect(await gate(text), text).toBe('accepted');
  });
});

describe('identifiers and tokens of the back office', () => {
  it('refuses a Greek AFM, a passport series with a space and a Mercado Pago token', async () => {
    let afm = '';
    for (let i = 16342183; afm === '' && i < 16352183; i++) {
      const d = String(i * 10)
        .padStart(9, '1')
        .slice(0, 8);
      for (let c = 0; c < 10; c++) if (isValidAfm(`${d}${c}`)) afm = `${d}${c}`;
    }
    expect(await gate(`Για την πρόσληψη: Μαρία Παπαδοπούλου, ΑΦΜ ${afm}, ξεκινάει Δευτέρα.`)).toBe(
      'rejected',
    );
    expect(await gate('Дані для договору: закордонний паспорт FK 714392, дійсний до 2030.')).toBe('rejected');
    const token = `APP_USR-${'9639447394148011'}-081717-${'4fc5fbb62ed38050'.repeat(2)}-888060856`;
    expect(await gate(`o Access Token de produção do Mercado Pago é esse: ${token}`)).toBe('rejected');
  });

  it('keeps a form’s blank identifiers', async () => {
    expect(
      await gate(
        'Staff bank details form\nName: ____\nSort code: XX-XX-XX\nNI number: XX 00 00 00 X\nHand it in.',
      ),
    ).toBe('accepted');
  });
});
