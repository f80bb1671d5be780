import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { isLanguage } from '../../../ui/i18n.ts';
import { useChooseLanguage } from '../../viewRuntime.tsx';

/**
 * The toolbar offers TR and EN (SPEC §9). Arabic (and the empty Bulgarian) are chosen elsewhere;
 * while one of them is active it is listed too, so the select shows the truth.
 */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  const chooseLanguage = useChooseLanguage();
  return (
    <Select
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void chooseLanguage(e.target.value);
      }}
    >
      <option value="tr">TR</option>
      <option value="en">EN</option>
      {i18n.locale !== 'tr' && i18n.locale !== 'en' && <option value={i18n.locale}>{i18n.locale.toUpperCase()}</option>}
    </Select>
  );
}

const Select = styled.select`
  min-height: 36px;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;
