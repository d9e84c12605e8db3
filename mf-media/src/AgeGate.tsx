import { useTranslation } from 'react-i18next';
import { usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/** Why rated content is blurred, and the button to the age check (the shell's flow; it asks visitors to log in). */
export function AgeGate({ text }: { text: string }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  return (
    <div className="mf-media-age-gate" data-testid="age-gate">
      <p>{text}</p>
      <Button type="button" onClick={() => ui.open('ageCheck')}>
        {t('ageGate.button')}
      </Button>
    </div>
  );
}
