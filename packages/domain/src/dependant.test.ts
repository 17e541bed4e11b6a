import { describe, expect, it } from 'vitest';
import { becomesGuardian, type DependantAccount, dependantRedeem } from './dependant.ts';
import { redeemOptions } from './kits.ts';

describe('a kit for a child or dependant (one guardian account covers one dependant)', () => {
  it.each<[string, DependantAccount, ReturnType<typeof dependantRedeem>, boolean]>([
    [
      'a guardian account already covers its dependant',
      { underAge: false, guardian: true, kitsHeld: 0 },
      'NOT_OFFERED',
      false,
    ],
    [
      'a guardian account with its dependant’s kit',
      { underAge: false, guardian: true, kitsHeld: 1 },
      'NOT_OFFERED',
      false,
    ],
    ['a minor’s own account, no kits', { underAge: true, guardian: false, kitsHeld: 0 }, 'VOUCHER', false],
    ['a minor’s own account with kits', { underAge: true, guardian: false, kitsHeld: 2 }, 'VOUCHER', false],
    ['an adult account with no kits yet', { underAge: false, guardian: false, kitsHeld: 0 }, 'VOUCHER', true],
    ['an adult account holding one kit', { underAge: false, guardian: false, kitsHeld: 1 }, 'REJECT', false],
    [
      'an adult account holding several kits',
      { underAge: false, guardian: false, kitsHeld: 5 },
      'REJECT',
      false,
    ],
  ])('%s', (_case, account, decision, guardian) => {
    expect(dependantRedeem(account)).toBe(decision);
    expect(becomesGuardian(account)).toBe(guardian);
  });

  it('agrees with who is offered the option', () => {
    for (const underAge of [false, true])
      for (const guardian of [false, true]) {
        const offered = redeemOptions({ underAge, guardian }).includes('CHILD');
        const decision = dependantRedeem({ underAge, guardian, kitsHeld: 0 });
        expect(offered).toBe(!underAge && !guardian);
        if (guardian) expect(decision).toBe('NOT_OFFERED');
      }
  });
});
