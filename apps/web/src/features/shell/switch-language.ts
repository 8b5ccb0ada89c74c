import { t } from '@lingui/core/macro';
import { toast } from '../../components/ui/use-toast.ts';
import { chooseLocale, isLocale } from '../../lib/i18n/index.ts';

/**
 * The language switches' one action (wallet menu, footer): switch, or say why not. The other
 * language's texts are a download; offline before the app's files were kept, it fails, and the
 * page stays in its language.
 */
export function switchLanguage(value: string): void {
  if (!isLocale(value)) return;
  chooseLocale(value).catch(() => {
    toast({
      title: t`Could not switch the language`,
      description: t`Check your connection and try again.`,
      variant: 'destructive',
    });
  });
}
