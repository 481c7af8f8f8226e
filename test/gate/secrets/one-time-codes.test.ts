import { describe, expect, it } from 'vitest';
import { detectOneTimeCodes } from '../../../src/gate/secrets/one-time-codes.ts';

function values(text: string): string[] {
  return detectOneTimeCodes(text).map((f) => text.slice(f.start, f.end));
}

describe('detectOneTimeCodes', () => {
  it('finds codes after a label, in the languages services write them in, spanning the code only', () => {
    expect(values('your verification code is 482913')).toEqual(['482913']);
    expect(values('OTP 123456')).toEqual(['123456']);
    expect(values('Ihr Bestätigungscode lautet 551902')).toEqual(['551902']);
    expect(values('Tu código de verificación es 318273')).toEqual(['318273']);
    expect(values('验证码：604817')).toEqual(['604817']);
    expect(values('인증번호는 604182 입니다')).toEqual(['604182']);
    expect(values('the 2FA code from the authenticator: 553 017')).toEqual(['553 017']);
  });

  it('finds the message forms: code first, "your ... code is", "use ... to sign in", recovery codes', () => {
    expect(values('G-582019 is your Google verification code')).toEqual(['G-582019']);
    expect(values('739201 is your Instagram code')).toEqual(['739201']);
    expect(values('Your Uber code: 4821')).toEqual(['4821']);
    expect(values('use 993812 to sign in')).toEqual(['993812']);
    expect(values('recovery codes: 4kd9-2hs7, 8fj2-1lq0')).toEqual(['4kd9-2hs7']);
  });

  it('ignores talk about codes, lengths and durations', () => {
    for (const text of [
      'my verification code never arrived',
      'The OTP expires after 5 minutes',
      'The 2FA code is 6 digits long',
      '2FA is enabled on all accounts',
      'Verification code length: 6 digits',
      'OTP login is enabled for the bank',
      '验证码一直收不到',
      'got a tan in 2024',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a phrase of up to three words after "for" and a short relative clause before the verb', () => {
    expect(values('login OTP for the bank app: 204918')).toEqual(['204918']);
    expect(values('the one-time passcode they texted me was 66 20 91')).toEqual(['66 20 91']);
    expect(values('the verification code I got is 551902')).toEqual(['551902']);
    for (const text of [
      'the verification code they sent took 5 minutes',
      'the OTP they sent was 6 digits',
      'the login code I got was wrong twice',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads up to four words before a colon', () => {
    expect(values('mã OTP ngân hàng vừa gửi: 583920')).toEqual(['583920']);
    for (const text of [
      'OTP rollout was delayed: see ticket 48213',
      'OTP delivery rate last month: 98.2%',
      'the OTP the bank uses for transfers of more than 500 euros: ask at the branch',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a code someone sent, but not a postal, promo or error code', () => {
    expect(values('the code they texted me is 739 204, enter it when I say go')).toEqual(['739 204']);
    expect(values('the code Chase just texted me is 615 204')).toEqual(['615 204']);
    for (const text of [
      'the zip code he sent me is 94107',
      'the promo code they emailed me was 2024',
      'the code they sent me is in my inbox',
      'the error code it gave was 5012',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a Thai copula glued to the word before it', () => {
    expect(values('รหัส OTP ของฉันคือ 739102 จำไว้ให้หน่อยนะ')).toEqual(['739102']);
    expect(values('รหัส OTP ของฉันคือ อะไร')).toEqual([]);
  });
});
