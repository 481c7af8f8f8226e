import { describe, expect, it } from 'vitest';
import { detectCredentialPairs } from '../../../src/gate/secrets/credential-pairs.ts';

function values(text: string): string[] {
  return detectCredentialPairs(text).map((f) => text.slice(f.start, f.end));
}

describe('detectCredentialPairs', () => {
  it('finds the password of a user / password pair after a login label, spanning the password only', () => {
    expect(values('Netflix login: jo.reyes / Bl4ckC0ffee99')).toEqual(['Bl4ckC0ffee99']);
    expect(values('creds for the NAS: admin / Tr0ub4dor&3')).toEqual(['Tr0ub4dor&3']);
    expect(values('my login is jo@example.com / Passw0rd!')).toEqual(['Passw0rd!']);
    expect(values('wifi account = guest, Sunny!Day7')).toEqual(['Sunny!Day7']);
    expect(values('Zugangsdaten: mkoch:Winter#2024')).toEqual(['Winter#2024']);
    expect(values('Anmeldung: max / Winter#2024')).toEqual(['Winter#2024']);
    expect(values('usuário e senha: joao / Praia#77')).toEqual(['Praia#77']);
  });

  it('leaves pairs that are not a user and a password', () => {
    for (const text of [
      'login: Monday / Tuesday',
      'Anmeldung: Montag / Dienstag',
      'Login hours: 09:00 / 17:30',
      'Login: 10:30 / 11:45am',
      'account: savings / checking',
      'login: via SSO / Okta',
      'credentials: in 1Password / Shared-Vault',
      'account: premium / 2 users',
      'login: see https://intranet.example.com/sso',
      'the login page / signup page both moved',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('finds a pair or a made-up value handed over in a sentence about logging in', () => {
    expect(values("use 'Tr0ub4dor&3' to log into the NAS")).toEqual(["'Tr0ub4dor&3'"]);
    expect(values('log into the router with admin / Xk3#vL9qPz')).toEqual(['Xk3#vL9qPz']);
    // The sentence's closing period is not part of the password.
    expect(values('Log into the router with admin / Xk3#vL9qPz.')).toEqual(['Xk3#vL9qPz']);
    expect(values('to unlock the laptop type Blue-Fox-88')).toEqual(['Blue-Fox-88']);
    expect(values('log in with Tr0ub4dor to the wiki')).toEqual(['Tr0ub4dor']);
    for (const text of [
      'log in with Google',
      'use 2FA to log in',
      'use Python3 to connect to the database',
      'connect to the printer using HP-LaserJet-4050',
      'sign in with user-01 on the kiosk',
      'I log in with my fingerprint on the iPad2',
      // No login in the sentence.
      'use Blue-Fox-88 as the project code name',
      // The login is another sentence's.
      'I could not log in. Type Blue-Fox-88 in the subject line of the email.',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });
});
