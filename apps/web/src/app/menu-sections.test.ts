import { PERMISSION_KEYS } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { builtSections, sectionOf, visibleMenuSections, type MenuAccess } from './menu-sections';

const everything: MenuAccess = {
  heldKeys: PERMISSION_KEYS,
  isOwner: true,
  devBuild: false,
  isBuilt: (name) => ['Top', 'TelListPage', 'OperatorRoleList'].includes(name),
};
const names = (access: MenuAccess) =>
  visibleMenuSections(access).flatMap((section) => section.links.map((link) => link.name));

describe('menu sections', () => {
  it('APP-02 APP-03 an entry whose keys are not all held is not listed', () => {
    const few = names({ ...everything, heldKeys: ['tag-write'] });
    expect(few).toContain('TagList');
    expect(few).not.toContain('FunnelList');
    expect(few).not.toContain('TemplateNew');
    expect(few).toContain('EpisodeList'); // APP-04: no key, always listed
  });

  it('owner-only screens are listed for the owner only', () => {
    expect(names(everything)).toContain('OperatorRoleNew');
    expect(names({ ...everything, isOwner: false })).not.toContain('OperatorRoleNew');
    expect(names({ ...everything, isOwner: false })).toContain('OperatorRoleList');
  });

  it('DEC-09 the tel forms that only write are not offered without tel-write; the lists are', () => {
    const staff = names({
      ...everything,
      isOwner: false,
      heldKeys: PERMISSION_KEYS.filter((key) => key !== 'tel-write'),
    });
    expect(staff).toEqual(expect.arrayContaining(['TelListPage', 'TelTemplateListPage']));
    for (const form of ['TelRegisterPage', 'TelBulkUploadPage', 'TelTemplateRegisterPage']) {
      expect(staff).not.toContain(form);
      expect(names(everything)).toContain(form);
    }
  });

  it('ジャーニータグ作成 is offered only to operators who can save a journey (funnel-write); the list to all', () => {
    const reader = names({ ...everything, isOwner: false, heldKeys: [] });
    expect(reader).toContain('JourneyTagList');
    expect(reader).not.toContain('JourneyTagNew');
    expect(names({ ...everything, heldKeys: ['funnel-write'] })).toContain('JourneyTagNew');
  });

  it('ISSUE-14 テンプレート opens the メッセージ section for every operator; its forms need template-write', () => {
    const messages = (access: MenuAccess) =>
      visibleMenuSections(access)
        .find((section) => section.label === 'メッセージ')
        ?.links.map((link) => link.name);
    expect(messages(everything)?.[0]).toBe('TemplateList');
    const staff = messages({ ...everything, isOwner: false, heldKeys: [] });
    expect(staff).toContain('TemplateList');
    expect(staff).not.toContain('TemplateNew');
  });

  it('the UI catalogue is listed in development builds only, even for the owner', () => {
    expect(names(everything)).not.toContain('UiCatalogue');
    expect(names({ ...everything, devBuild: true })).toContain('UiCatalogue');
  });

  it('marks each entry built or not, and the top page’s list keeps the built ones only', () => {
    const sections = visibleMenuSections(everything);
    const tel = sections.find((section) => section.label === '通知メッセージ');
    expect(tel?.links.map((link) => [link.name, link.built])).toEqual([
      ['TelListPage', true],
      ['TelRegisterPage', false],
      ['TelBulkUploadPage', false],
      ['TelTemplateListPage', false],
      ['TelTemplateRegisterPage', false],
    ]);
    const built = builtSections(sections);
    expect(built.map((section) => section.label)).toEqual(['ホーム', '通知メッセージ', '設定']);
    expect(built.flatMap((section) => section.links.map((link) => link.name))).toEqual([
      'Top',
      'TelListPage',
      'OperatorRoleList',
    ]);
  });

  it('a page belongs to the section of the menu entry it sits under', () => {
    const sections = visibleMenuSections(everything);
    expect(sectionOf(sections, '/line/tel/list/12')).toBe('通知メッセージ');
    expect(sectionOf(sections, '/line/operator_roles/3')).toBe('設定');
    expect(sectionOf(sections, '/line/operator_roles/new')).toBe('設定');
    expect(sectionOf(sections, '/')).toBe('ホーム');
    expect(sectionOf(sections, '/no/such/page')).toBeUndefined();
  });
});
