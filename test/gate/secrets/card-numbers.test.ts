import { describe, expect, it } from 'vitest';
import { detectCardNumbers, hasCardPrefix, passesLuhn } from '../../../src/gate/secrets/card-numbers.ts';
import { cardNumber } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(505);

describe('passesLuhn / hasCardPrefix', () => {
  it('accepts the published network test numbers and rejects a changed digit', () => {
    for (const n of ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117']) {
      expect(passesLuhn(n), n).toBe(true);
      expect(hasCardPrefix(n), n).toBe(true);
    }
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('rejects lengths a network does not issue', () => {
    expect(hasCardPrefix('411111111111111')).toBe(false); // Visa with 15 digits
    expect(hasCardPrefix('37828224631000')).toBe(false); // Amex with 14 digits
    expect(hasCardPrefix('9780262033848')).toBe(false); // an ISBN
  });
});

describe('detectCardNumbers', () => {
  it('finds generated card numbers grouped with spaces, dashes or nothing', () => {
    for (let i = 0; i < 30; i++) {
      const card = cardNumber(rng);
      expect(detectCardNumbers(`use my card ${card} for the hotel`), card).toHaveLength(1);
    }
  });

  it('finds a card even after a label when card words are near', () => {
    expect(detectCardNumbers('card number 4111 1111 1111 1111')).toHaveLength(1);
  });

  it('ignores numbers labelled as something else, and look-alikes', () => {
    for (const text of [
      'order number 4111111111111111',
      'IMEI of the work phone: 356938035643809',
      'ISBN 9780262033848',
      'rent goes to IBAN GB29 NWBK 6016 1331 9268 19',
      'call +1 650 253 0000',
      'FedEx tracking 7712 3456 7890',
      'paid 1,234,567.89 USD',
      '4111 1111-1111 1111', // mixed separators: several numbers, not one card
      '41111111111111111111111', // part of a longer digit run
      'card ending in 4242',
    ]) {
      expect(detectCardNumbers(text), text).toEqual([]);
    }
  });

  it('ignores digit runs inside UUIDs and other identifiers, where 1 random UUID in about 2,500 looked like a card', () => {
    // Each of these UUIDs holds a Luhn-valid run with a card prefix ("4038-8881-16988821", Visa, 16 digits).
    for (const uuid of [
      'fa6cd057-12bc-4038-8881-16988821bd2c',
      '8eba2229-9351-4172-8103-aa6fb07f472d',
      'f47641f0-8e1a-4852-9421-38970480579c',
      'c7e4a426-1652-4689-96f5-26810387e92d',
      'f5e903a3-f81e-4513-9029-99711f3beb11',
    ]) {
      expect(detectCardNumbers(`{"episode_ids":["${uuid}"]}`), uuid).toEqual([]);
      expect(detectCardNumbers(uuid.toUpperCase()), uuid).toEqual([]);
    }
    expect(detectCardNumbers('commit a4111111111111111b')).toEqual([]);
    // 10,000 random UUIDs: none.
    for (let i = 0; i < 10_000; i++) {
      const uuid = crypto.randomUUID();
      expect(detectCardNumbers(uuid), uuid).toEqual([]);
    }
    // A card beside a UUID is still found.
    expect(detectCardNumbers('fa6cd057-12bc-4038-8881-16988821bd2c card 4111 1111 1111 1111')).toHaveLength(
      1,
    );
  });

  it('lets a published test number through only where the text says it is for testing', () => {
    expect(
      detectCardNumbers("For checkout tests use Stripe's test card 4242 4242 4242 4242, any CVC"),
    ).toEqual([]);
    expect(detectCardNumbers('sandbox card: 5555 5555 5555 4444')).toEqual([]);
    expect(detectCardNumbers('tarjeta 4111 1111 1111 1111 caduca 12/27')).toHaveLength(1);
    // A test word does not clear a number that is not a published test number.
    expect(detectCardNumbers('test card 4539 1488 0343 6467')).toHaveLength(1);
  });
});
