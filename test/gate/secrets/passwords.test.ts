import { describe, expect, it } from 'vitest';
import { detectPasswords } from '../../../src/gate/secrets/passwords.ts';

/** The exact text a finding covers, so tests can check the span is the value and not the label. */
function values(text: string): string[] {
  return detectPasswords(text).map((f) => text.slice(f.start, f.end));
}

describe('detectPasswords', () => {
  it('finds values given after "is", a colon or an equals sign, spanning the value only', () => {
    expect(values('my password is hunter2')).toEqual(['hunter2']);
    expect(values('wifi password: mountainair2019')).toEqual(['mountainair2019']);
    expect(values('DB_PASSWORD=s3cr3t!x')).toEqual(['s3cr3t!x']);
    expect(values('passcode=482913')).toEqual(['482913']);
    expect(values('pwd: Tr0ub4dor&3')).toEqual(['Tr0ub4dor&3']);
  });

  it('finds quoted values, JSON members, camelCase and snake_case labels', () => {
    expect(values('The password for the NAS is "correct horse"')).toEqual(['"correct horse"']);
    expect(values('{"username": "svc", "password": "Qm9!vT7#xLp2"}')).toEqual(['"Qm9!vT7#xLp2"']);
    expect(values('const dbPassword = "p4ss-w0rd";')).toEqual(['"p4ss-w0rd"']);
    expect(values('MYSQL_ROOT_PASSWORD: r00t-Pa55')).toEqual(['r00t-Pa55']);
  });

  it('finds a plain word only when it ends the clause', () => {
    expect(values('the wifi password for the cabin is swordfish.')).toEqual(['swordfish']);
    expect(values('my password is swordfish and my pin is 4821')).toEqual(['swordfish', '4821']);
  });

  it('finds values with no separator when they are clearly random, and PINs', () => {
    expect(values('ssh in as pi, password raspberry42')).toEqual(['raspberry42']);
    expect(values('user admin, pass Kx7!mW2q')).toEqual(['Kx7!mW2q']);
    expect(values('PIN for the debit card: 4471')).toEqual(['4471']);
    expect(values('my PIN is 0718')).toEqual(['0718']);
  });

  it('finds common non-English phrasings', () => {
    expect(values('mi contraseña es girasol2024')).toEqual(['girasol2024']);
    expect(values('Le mot de passe du wifi est soleil2023')).toEqual(['soleil2023']);
    expect(values('mein Passwort ist Sonne2024')).toEqual(['Sonne2024']);
  });

  it('reads labels, copulas and particles in other languages, plain words after verbs that give a value', () => {
    expect(values('Das WLAN-Passwort lautet Sonnenblume77')).toEqual(['Sonnenblume77']);
    expect(values('das Passwort lautet sonnenschein')).toEqual(['sonnenschein']);
    expect(values('la clave del wifi es perro1234gato')).toEqual(['perro1234gato']);
    expect(values('a senha do wifi é cafe2022pao')).toEqual(['cafe2022pao']);
    expect(values('mdp banque: Paris75011!')).toEqual(['Paris75011']);
    expect(values('Moje hasło to Kwiatek#88')).toEqual(['Kwiatek#88']);
    expect(values('我的密码是abc12345')).toEqual(['abc12345']);
    expect(values('家里wifi密码：88886666ab')).toEqual(['88886666ab']);
    expect(values('パスワードは sakura2024 です')).toEqual(['sakura2024']);
    expect(values('비밀번호는 Hangang77! 입니다')).toEqual(['Hangang77']);
    expect(values('mật khẩu wifi là hanoi2024@')).toEqual(['hanoi2024@']);
    expect(values('changed my password to Sunflower#2024')).toEqual(['Sunflower#2024']);
  });

  it('gives passphrases their own code, multi-word ones spanning the words', () => {
    const text = 'my passphrase is correct horse battery staple';
    expect(detectPasswords(text).map((f) => [f.code, text.slice(f.start, f.end)])).toEqual([
      ['secret.passphrase', 'correct horse battery staple'],
    ]);
    expect(values('The passphrase should be at least five random words.')).toEqual([]);
    expect(values('my passphrase is four random words long')).toEqual([]);
    expect(values('la frase secreta es la misma que antes')).toEqual([]);
  });

  it('ignores prose about passwords in other languages', () => {
    for (const text of [
      'Das Passwort ist abgelaufen',
      'Das Passwort ist Pflicht für jedes Konto.',
      'Passwort: vergessen, bitte zurücksetzen',
      'La contraseña es incorrecta.',
      'La clave es la paciencia.',
      'A senha é obrigatória para entrar.',
      'Le mot de passe est expiré.',
      'Mot de passe : oublié, il faut le réinitialiser.',
      'Het wachtwoord is verlopen.',
      'La password è sbagliata.',
      '密码是什么来着？',
      '密码是你的生日',
      '我的密码过期了',
      'パスワードが間違っています。',
      'password manager: 1Password',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('ignores sentences that only mention passwords', () => {
    for (const text of [
      'I reset my password yesterday',
      'remind me to change my password',
      'password manager is bitwarden',
      'the password must be at least 12 characters long',
      'password is 12 characters long',
      'my password is too weak according to the bank',
      'the password is case-sensitive',
      'my password expired so IT sent a link',
      'The password is the same as the old one, just ask IT.',
      'Password: changed after the phishing test',
      'password: see the team vault entry "Staging DB"',
      'The wifi password is written on the router label.',
      'boarding pass: gate 12',
      'the pin is in the drawer',
      'passport number format is two letters and seven digits',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('ignores placeholders, template references and shell paths', () => {
    for (const text of [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
      'DB_PASSWORD=${DB_PASSWORD} is injected by the CI',
      'POSTGRES_PASSWORD=<set in .env.local>',
      'password: ********',
      'password=xxx',
      'password: <your-password>',
      'password = process.env.DB_PASSWORD',
      'pwd: /home/jo/projects/engram',
      'password: [REDACTED]',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a colon after the verb and a possessive that follows the label', () => {
    expect(values('la mia password è: Sole!77')).toEqual(['Sole!77']);
    expect(values('ο κωδικός μου είναι Athina!2024')).toEqual(['Athina!2024']);
  });

  it('reads a short relative clause before an English verb, and then only a value that is not a word', () => {
    expect(values('my GitHub password, which I never change, is Kx9!pQ2z')).toEqual(['Kx9!pQ2z']);
    expect(values('the PIN they gave me is 4821')).toEqual(['4821']);
    for (const text of [
      'the password I use is the same everywhere',
      'the password I picked was 12 characters long',
      'my password, which is long, is stored in 1Password',
      'the password the IT team set is in the vault',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads an adverb after the verb, a phrase before a relative clause, and a digit code after one', () => {
    expect(values('our netflix password is still Hunter2024!')).toEqual(['Hunter2024']);
    expect(values('the PIN for my debit card, which I keep forgetting, is 4471')).toEqual(['4471']);
    expect(values('the passcode my wife set on the iPad is 5511')).toEqual(['5511']);
    for (const text of ['the password is still expired', 'the password is still the same']) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a value named after it: random-looking, quoted, or 4-8 digits for a PIN', () => {
    expect(values('hunter2 is my password')).toEqual(['hunter2']);
    expect(values('Tr0ub4dor&3 is the password for the NAS')).toEqual(['Tr0ub4dor&3']);
    expect(values("'sunflower' is the wifi password")).toEqual(['sunflower']);
    expect(values('4471 is my PIN')).toEqual(['4471']);
    expect(values('Sonne!12 ist mein Passwort')).toEqual(['Sonne!12']);
    expect(values('Gato#44 es mi contraseña')).toEqual(['Gato#44']);
    for (const text of [
      'Bitwarden is my password manager',
      '1Password2 is our password manager',
      '2019 is the year my password expired',
      'Fluffy2 is the password hint',
      'This is my password',
      'Bitwarden ist mein Passwortmanager',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads relative clauses in the other languages the labels cover, and not a word after them', () => {
    expect(values('la contraseña que me dieron es Gato#44')).toEqual(['Gato#44']);
    expect(values("le mot de passe qu'ils m'ont donné est Soleil#9")).toEqual(['Soleil#9']);
    expect(values('das WLAN-Passwort, das ich gesetzt habe, ist Sonne!12')).toEqual(['Sonne!12']);
    expect(values('o PIN que escolhi é 4471')).toEqual(['4471']);
    // "son" is a Spanish copula and an English noun: the clause does not stop at it.
    expect(values('the passcode my son set on the tablet is 090412')).toEqual(['090412']);
    for (const text of [
      'la contraseña que uso es la misma de siempre',
      'das Passwort, das ich nutze, ist abgelaufen',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads an arrow as handing the value over, after a phrase or a few CJK words, and a value typed onto a CJK label', () => {
    expect(values('passwd for the NAS admin acct -> Zebra#Quilt-41')).toEqual(['Zebra#Quilt-41']);
    expect(values('wifi pw → Kx7!pLm2q')).toEqual(['Kx7!pLm2q']);
    expect(values('지메일 비번 오늘 바꿨음 → Wq3$Lp9z!Ff')).toEqual(['Wq3$Lp9z!Ff']);
    expect(values('学校门户网站账号20418，密码mathisfun22')).toEqual(['mathisfun22']);
    // Labels in Arabic and Dutch, and Hindi's "hai" in Latin letters.
    expect(values('كلمة السر للراوتر: Yasmin@2022')).toEqual(['Yasmin@2022']);
    expect(values('mera instagram ka password hai chai_lover_99 yaad rakhna')).toEqual(['chai_lover_99']);
    expect(values('wachtzin voor mijn VeraCrypt-schijf: "groene fiets onder de brug 1987"')).toEqual([
      '"groene fiets onder de brug 1987"',
    ]);
    for (const text of [
      'password reset -> see the IT wiki',
      'pw → changed last week',
      'Passwort vergessen → im Tresor nachsehen',
      '密码SHA256加密',
      '密码123456789太简单了',
      '비번 바꾸는 법 → 설정 메뉴',
      'كلمة السر: في الخزنة',
      'la password hai cambiato ieri?',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads misspelt labels, a Devanagari PIN, a passphrase before a bracket and a command line password', () => {
    expect(values('pls remember my netflix pasword is sunfl0wer_Kat92 lol')).toEqual(['sunfl0wer_Kat92']);
    expect(values('मेरा UPI पिन 4729 है, याद रखना')).toEqual(['4729']);
    expect(
      values('my bitwarden master passphrase is orbit tundra pickle saffron 1987 (with spaces)'),
    ).toEqual(['orbit tundra pickle saffron 1987']);
    expect(values("$ mysql -h 10.20.4.11 -u reporting -p'Gr33nTea_Summit' analytics -e 'select 1'")).toEqual([
      'Gr33nTea_Summit',
    ]);
    expect(values('sshpass -p Tr4ck-Mule ssh deploy@host')).toEqual(['Tr4ck-Mule']);
    // Markdown's inline code quotes a password; it is not a shell command like $(...).
    expect(values('password: `Tr0ub4dor&3`')).toEqual(['`Tr0ub4dor&3`']);
    for (const text of [
      'mysql -u root -p analytics < dump.sql',
      'mysql -u app -p"$MYSQL_PWD" -e "show tables"',
      // A command substitution reads the password from elsewhere when the command runs.
      'kubectl create secret generic db-creds --from-literal=password="$(op read op://Infra/db/password)"',
      // A key named on the label's line is not the value of a nested YAML block.
      'POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./db_password.txt',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a PIN typed digit by digit after a colon', () => {
    expect(values('senha do cartão: 4 8 2 1 não esquece')).toEqual(['4 8 2 1']);
    for (const text of ['password: 1 2 3 4 5 6 7 8 9 10 are the steps', 'PIN: 4 digits, no repeats']) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads extracted memories: a longer phrase naming whose it is, French "c\'est", a Turkish genitive, Greek', () => {
    expect(values('La contraseña del Wi-Fi de la casa del usuario es Girasol_2019!')).toEqual([
      'Girasol_2019',
    ]);
    expect(values("Mon code PIN de carte bancaire c'est 5820, note-le.")).toEqual(['5820']);
    expect(values('Kullanıcı, e-Devlet şifresinin Kartal.4519 olduğunu söyledi.')).toEqual(['Kartal.4519']);
    expect(values('Η φράση πρόσβασης του χρήστη για το κλειδί SSH είναι «πορτοκαλί-βάρκα-42».')).toEqual([
      '«πορτοκαλί-βάρκα-42»',
    ]);
    for (const text of [
      'The password of the guest Wi-Fi at the office of the user is on the fridge.',
      "Le mot de passe de la box c'est pas le bon.",
      'Kullanıcı e-Devlet şifresinin değiştiğini söyledi.',
    ]) {
      expect(values(text), text).toEqual([]);
    }
  });

  it('reads a Tagalog phrase after a PIN label', () => {
    expect(values('yung pin ng atm ko is 7304, wag mo sabihin')).toEqual(['7304']);
  });
});
