import { loadOrder, seal, unseal, WrongPassphraseError } from './backup-format';

describe('seal / unseal', () => {
  it('opens with the passphrase it was sealed with, and never shows the text sealed', async () => {
    const text = 'JWT_SECRET=a-very-secret-value\nMEDIA_URL_SECRET=another\n';
    const sealed = await seal(text, 'correct horse battery staple');
    expect(sealed).not.toContain('a-very-secret-value');
    expect(await unseal(sealed, 'correct horse battery staple')).toBe(text);
    // a fresh salt and nonce every time: the same text seals differently
    expect(await seal(text, 'correct horse battery staple')).not.toBe(sealed);
  });

  it('refuses a wrong passphrase and an altered box', async () => {
    const sealed = await seal('JWT_SECRET=x\n', 'correct horse battery staple');
    await expect(unseal(sealed, 'correct horse battery stapler')).rejects.toThrow(WrongPassphraseError);
    const box = JSON.parse(sealed) as { data: string };
    const data = Buffer.from(box.data, 'base64');
    data[0] ^= 1;
    await expect(
      unseal(JSON.stringify({ ...box, data: data.toString('base64') }), 'correct horse battery staple'),
    ).rejects.toThrow(WrongPassphraseError);
  });
});

describe('loadOrder', () => {
  it('puts every table after the tables it references, self-references aside', () => {
    const order = loadOrder(
      ['notes', 'users', 'subjects', 'nodes', 'payments'],
      [
        { from: 'notes', to: 'users' },
        { from: 'notes', to: 'nodes' },
        { from: 'nodes', to: 'subjects' },
        { from: 'nodes', to: 'nodes' },
        { from: 'payments', to: 'users' },
      ],
    );
    expect(order).toHaveLength(5);
    const at = (t: string) => order.indexOf(t);
    expect(at('users')).toBeLessThan(at('notes'));
    expect(at('nodes')).toBeLessThan(at('notes'));
    expect(at('subjects')).toBeLessThan(at('nodes'));
    expect(at('users')).toBeLessThan(at('payments'));
  });

  it('names the tables of a cycle, which cannot be loaded one after another', () => {
    expect(() =>
      loadOrder(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('tables reference each other in a cycle: a, b');
  });
});
