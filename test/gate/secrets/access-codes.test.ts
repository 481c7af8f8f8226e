import { describe, expect, it } from 'vitest';
import { detectAccessCodes } from '../../../src/gate/secrets/access-codes.ts';

function values(text: string): string[] {
  return detectAccessCodes(text).map((f) => text.slice(f.start, f.end));
}

describe('detectAccessCodes', () => {
  it('finds alarm, door, gate, safe and lock codes, with the phrase naming the lock', () => {
    expect(values('the alarm code is 4521')).toEqual(['4521']);
    expect(values('garage PIN 8812')).toEqual(['8812']);
    expect(values('front door code: 2580#')).toEqual(['2580#']);
    expect(values('the combination to the safe is 24-36-12')).toEqual(['24-36-12']);
    expect(values('lockbox at the cabin is 3141')).toEqual(['3141']);
    expect(values("key safe at mum's: 1066")).toEqual(['1066']);
    expect(values('disarm the alarm with 6060')).toEqual(['6060']);
  });

  it('reads compounds and "code of the <lock>" in other languages', () => {
    expect(values('Garagentor-Code: 4711')).toEqual(['4711']);
    expect(values('Der Code für die Haustür ist 8642')).toEqual(['8642']);
    expect(values('El código de la alarma es 2580')).toEqual(['2580']);
    expect(values('Le digicode est 4B729')).toEqual(['4B729']);
    expect(values("il codice dell'allarme è 1234")).toEqual(['1234']);
  });

  it('ignores codes that open nothing and locks given no code', () => {
    for (const text of [
      'zip code 94107, area code 415',
      'error code 4521',
      'promo code SAVE20',
      'The building code requires two exits per floor.',
      'Our house number is 1204.',
      'the office door code changes monthly; ask Ana',
      'The alarm code is written in the manual.',
      'alarm code 3 means low battery',
      'Garage door opener model 8550 needs a new remote.',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a short relative clause before an English verb', () => {
    expect(values('the alarm code the landlord gave us is 4590')).toEqual(['4590']);
    expect(values('the door code they sent is 7731#')).toEqual(['7731#']);
    for (const text of ['the alarm code they gave us is on the fridge', 'the door code I set was 4 digits']) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads an elided phrase and a word before the colon', () => {
    expect(values("code de la porte d'entrée de l'immeuble : 47B92")).toEqual(['47B92']);
    expect(values('Kod do bramy garażowej: 55190')).toEqual(['55190']);
    for (const text of [
      "code de la porte d'entrée : voir le mail",
      'Kod do bramy garażowej: zapytaj sąsiada',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads Ukrainian lock words', () => {
    expect(values('код від домофону 2749 не забудь')).toEqual(['2749']);
    expect(values('код від домофону знає сусідка')).toEqual([]);
  });

  it('reads a lock and its code with an emoji between them', () => {
    expect(values('Airbnb lockbox by the back gate 🔑 code: 3-7-1-9')).toEqual(['3-7-1-9']);
    expect(values('the back gate 🔑 is open, the code is in the app')).toEqual([]);
  });

  it('reads an Italian phrase naming whose lock it is', () => {
    expect(values("Il codice del cancello del condominio dell'utente è 1379.")).toEqual(['1379']);
    expect(values("Il codice del cancello del condominio dell'utente è cambiato.")).toEqual([]);
  });

  it('reads Arabic and Hebrew constructs, and a few words before an unambiguous verb', () => {
    expect(values('رمز باب المبنى الخاص بالمستخدم هو 8264.')).toEqual(['8264']);
    expect(values('המשתמש ציין שקוד הכספת בחדר המלון הוא 3907 וביקש לזכור אותו.')).toEqual(['3907']);
    expect(values('the alarm code on the fridge note is 4521')).toEqual(['4521']);
    for (const text of [
      'رمز باب المبنى هو في التطبيق',
      'קוד הכספת נמצא באפליקציה',
      'the garage code was changed in 2019',
      'the door code for the flat we rent is in the welcome email',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('leaves a postal, promo or area code alone, whatever the lock word after it', () => {
    expect(values('zip code for the new office is 94110')).toEqual([]);
    expect(values('the door code for the new office is 4821')).toEqual(['4821']);
  });
});
