import { Card, SegmentedControl, Stack, Switch, Title } from '@mantine/core';
import type { Language } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../i18n';
import { useChooseLanguage } from '../use-choose-language';

/** English / العربية, and in Arabic the digits choice; on the login screen and the profile page. */
export function LanguageSwitch({ withDigits = false }: { withDigits?: boolean }) {
  const { t } = useTranslation('common');
  const { language, arabicDigits } = useLocaleStore();
  const choose = useChooseLanguage();
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('language.label')}
        value={language}
        onChange={(value) => choose({ language: value as Language })}
        data={[
          { value: 'en', label: t('language.en') },
          { value: 'ar', label: t('language.ar') },
        ]}
      />
      {withDigits && language === 'ar' && <Switch label={t('language.arabicDigits')} checked={arabicDigits} onChange={(event) => choose({ arabicDigits: event.currentTarget.checked })} />}
    </Stack>
  );
}

/** The profile page's card: language and digits, saved with the user. */
export function LanguageSettings() {
  const { t } = useTranslation('common');
  return (
    <Card maw={760} mt="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t('language.label')}
        </Title>
        <LanguageSwitch withDigits />
      </Stack>
    </Card>
  );
}
