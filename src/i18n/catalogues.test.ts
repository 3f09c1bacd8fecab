import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminSections, formProblems } from '../../streams/admin';
import { adBlockerAdvice, analyticsEventTypes, eventHistoryKinds } from '../../streams/analytics';
import { connectionQualities } from '../../streams/connection';
import { consoleNames, operatorConsoleNames } from '../../streams/consoles';
import { fieldErrorCodes, isErrorCode } from '../../streams/http';
import { locales } from '../../streams/i18n';
import { defaultFilters, fixedChoices } from '../../streams/live';
import { printerStates, printFailures } from '../../streams/printing';
import { scaleProtocols } from '../../streams/scales';
import { catalogAttributes } from '../hooks/catalog';
import { chunkFailures } from '../routes/chunk';
import { catalogueAttributes } from '../screens/admin/catalogue-section';
import { userFlags } from '../screens/admin/user-dialog';
import { zoneTemperatures } from '../screens/admin/zones-section';
import { passwordProblems } from '../screens/change-password/change-password-screen';
import { deeds } from '../screens/dashboard/activity-panel';
import { columns } from '../screens/dashboard/pallet-table';
import { listColumns } from '../screens/inventory/pallet-list';
import { orderStatuses } from '../screens/mobile-operator/order-status';
import { changeKinds } from '../screens/mobile-operator/use-phone-commands';
import { specCatalogues } from '../shell/api-error';
import { desktopNav, mobileNav } from '../shell/nav';
import { badgeLook } from '../ui/connection-badge';
import { pullPhases } from '../ui/layout/pull-to-refresh';
import { liveStatuses } from '../ui/live-status';
import { statusVariants } from '../ui/status-badge';

/**
 * What `i18next-cli extract --ci --dry-run` (run by the test command) does not check: that every
 * language has every message English has, with the same placeholders and its own plural forms,
 * and that the keys the code builds from a value (which the extractor keeps by pattern) are the
 * ones it can build, none more.
 */
type Catalogue = { [key: string]: string | Catalogue };
const dir = join(import.meta.dirname, '..', 'locales');
const read = (language: string, namespace: string): Catalogue =>
  JSON.parse(readFileSync(join(dir, language, `${namespace}.json`), 'utf8'));
const flat = (catalogue: Catalogue, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flat(value, `${prefix}${key}.`)),
    ),
  );
const namespaces = readdirSync(join(dir, 'en')).map((file) => file.replace(/\.json$/, ''));
const pluralSuffixes = /_(zero|one|two|few|many|other)$/;
/** A message's key without its plural form, and the form. */
const pluralOf = (key: string) => ({
  base: key.replace(pluralSuffixes, ''),
  form: pluralSuffixes.exec(key)?.[1],
});
/** What a message fills in or wraps: `{{placeholders}}`, `$t(nested)` and `<markup>`. */
const slots = (message: string) => (message.match(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\s*\/?>/g) ?? []).sort();

/** The messages of a namespace by key, plural forms grouped under their base key. */
function messages(language: string, namespace: string) {
  const grouped = new Map<string, Map<string | undefined, string>>();
  for (const [key, message] of Object.entries(flat(read(language, namespace)))) {
    const { base, form } = pluralOf(key);
    grouped.set(base, (grouped.get(base) ?? new Map()).set(form, message));
  }
  return grouped;
}

describe.each(namespaces)('the %s catalogue', (namespace) => {
  const english = messages('en', namespace);
  it.each(locales.filter((l) => l !== 'en'))(
    'in %s has every message English has, and no other',
    (language) => {
      expect([...messages(language, namespace).keys()].sort()).toEqual([...english.keys()].sort());
    },
  );

  it.each([...locales])('in %s fills in the same placeholders as English', (language) => {
    for (const [key, forms] of messages(language, namespace)) {
      const expected = slots([...(english.get(key)?.values() ?? [])].at(-1) ?? '');
      for (const message of forms.values())
        expect(slots(message), `${language} ${namespace}:${key}`).toEqual(expected);
    }
  });

  it.each([...locales])(
    "in %s has each plural message in every form of that language's plural rules",
    (language) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, forms] of messages(language, namespace)) {
        if (forms.has(undefined)) continue;
        expect([...forms.keys()].sort(), `${language} ${namespace}:${key}`).toEqual([...categories].sort());
        for (const message of forms.values()) expect(message, `${namespace}:${key}`).toContain('{{count}}');
      }
    },
  );
});

describe('the messages the code picks by a value', () => {
  const keysOf = (namespace: string, family: string) =>
    Object.keys(flat(read('en', namespace))).filter((key) => key.startsWith(`${family}.`));
  const badgeKeys = [
    ...[null, 'CONNECTED', 'CONNECTING', 'DISCONNECTED', 'ERROR', 'FAILED'].flatMap((name) => {
      const look = badgeLook(name ? ({ name } as Parameters<typeof badgeLook>[0]) : null);
      return [look.text, look.detail];
    }),
    'connection.attempt',
  ];
  const everyNav = [
    ...desktopNav(true, new Set(consoleNames)),
    ...mobileNav(new Set(operatorConsoleNames)),
    ...mobileNav(),
  ];

  it.each<[string, string, string[]]>([
    ['common', 'status', statusVariants.map((v) => `status.${v}`)],
    ['common', 'live', liveStatuses.map((s) => `live.${s}`)],
    ['common', 'pull', pullPhases.filter((p) => p !== 'idle').map((p) => `pull.${p}`)],
    ['common', 'connection', badgeKeys],
    ['common', 'health.qualityName', connectionQualities.map((q) => `health.qualityName.${q}`)],
    ['shell', 'nav', everyNav.map((item) => `nav.${item.name}`)],
    ['shell', 'chunk', chunkFailures.map((reason) => `chunk.${reason}`)],
    ['mobile', 'pallet.orderStatus', orderStatuses.map((status) => `pallet.orderStatus.${status}`)],
    ['mobile', 'change', changeKinds.map((kind) => `change.${kind}`)],
    ['errors', 'field', fieldErrorCodes.map((code) => `field.${code}`)],
    ['admin', 'adminTab', adminSections.map((section) => `adminTab.${section}`)],
    ['admin', 'formProblem', formProblems.map((problem) => `formProblem.${problem}`)],
    ['admin', 'userFlag', userFlags.map((flag) => `userFlag.${flag}`)],
    [
      'admin',
      'catalogueList',
      catalogueAttributes.flatMap((attribute) =>
        ['title', 'newValue', 'add', 'remove'].map((part) => `catalogueList.${attribute}.${part}`),
      ),
    ],
    [
      'admin',
      'catalogueAttribute',
      catalogueAttributes.map((attribute) => `catalogueAttribute.${attribute}`),
    ],
    ['admin', 'eventType', analyticsEventTypes.map((type) => `eventType.${type}`)],
    ['admin', 'zones.temperature', zoneTemperatures.map((value) => `zones.temperature.${value}`)],
    ['admin', 'zones.temperatureShort', zoneTemperatures.map((value) => `zones.temperatureShort.${value}`)],
    ['admin', 'activity.historyOf', eventHistoryKinds.map((kind) => `activity.historyOf.${kind}`)],
    ['printers', 'languageName', locales.map((locale) => `languageName.${locale}`)],
    ['common', 'print.jobFailed', printFailures.map((failure) => `print.jobFailed.${failure}`)],
    ['common', 'print.state', printerStates.map((state) => `print.state.${state}`)],
    ['common', 'print.outcome', [...printFailures, 'held'].map((outcome) => `print.outcome.${outcome}`)],
    ['printers', 'scales.protocol', scaleProtocols.map((protocol) => `scales.protocol.${protocol}`)],
    ['dashboard', 'column', columns(0).map(([name]) => `column.${name}`)],
    ['inventory', 'list', listColumns.map((name) => `list.${name}`)],
    ['dashboard', 'field', Object.keys(defaultFilters).map((field) => `field.${field}`)],
    ['dashboard', 'filters.any', [...catalogAttributes, 'addedBy'].map((field) => `filters.any.${field}`)],
    ...Object.entries(fixedChoices).map(([filter, values]): [string, string, string[]] => [
      'dashboard',
      filter,
      values.map((value) => `${filter}.${value}`),
    ]),
    ['dashboard', 'activity.deed', deeds.map((deed) => `activity.deed.${deed}`)],
    [
      'login',
      'changePassword.problem',
      passwordProblems
        .map((p) => `changePassword.problem.${p}`)
        .flatMap((key) => {
          const plural = key.endsWith('.short');
          return plural ? [`${key}_one`, `${key}_other`] : [key];
        }),
    ],
  ])('%s:%s are those the code can ask for', (namespace, family, used) => {
    expect(keysOf(namespace, family).sort()).toEqual([...new Set(used)].sort());
  });

  it("hold SPEC 8's English sentences word for word, one for each and no other", () => {
    // beside them, `code.<CODE>` and `field.<CODE>`: the app's sentence for each refusal code
    // and each field complaint of a 422 the server names
    const english = Object.fromEntries(
      Object.entries(flat(read('en', 'errors'))).filter(
        ([key]) => !key.startsWith('code.') && !key.startsWith('field.'),
      ),
    );
    const spec = Object.fromEntries(
      Object.entries(specCatalogues).flatMap(([group, sentences]) =>
        Object.entries(sentences).map(([key, sentence]) => [`${group}.${key}`, sentence]),
      ),
    );
    expect(english).toEqual(spec);
  });

  it('word only refusal codes of the one list the server answers from (a code, or a code_context)', () => {
    const codes = Object.keys(flat(read('en', 'errors')))
      .filter((key) => key.startsWith('code.'))
      .map((key) => key.slice('code.'.length).replace(/_[a-z]+$/, ''));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it("are the only place of the app's sentences: streams/ holds none of them but SPEC 8's", () => {
    // the data core keeps codes, keys and data; a screen words them (DESIGN: streams/ keeps no
    // words of its own beyond SPEC 8's catalogue: errors.json, and the analytics reads' advice)
    const streams = join(import.meta.dirname, '..', '..', 'streams');
    const code = readdirSync(streams, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(streams, file), 'utf8'))
      .join('\n');
    const sentences = readdirSync(join(dir, 'en'))
      .map((file) => file.replace(/\.json$/, ''))
      .filter((namespace) => namespace !== 'errors')
      .flatMap((namespace) => Object.values(flat(read('en', namespace))))
      .filter((message) => message.split(' ').length >= 4 && message !== adBlockerAdvice);
    expect(sentences.length).toBeGreaterThan(100);
    const inCode = (sentence: string) =>
      ["'", '"', '`'].some((quote) => code.includes(quote + sentence + quote));
    expect(sentences.filter(inCode)).toEqual([]);
  });
});
