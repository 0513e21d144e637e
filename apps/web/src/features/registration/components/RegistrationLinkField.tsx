import { Copy, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { useRegistrationLink } from '../api/registration';

export const REGISTRATION_LINK_LABEL = "Lien du formulaire d'inscription";

/**
 * The public registration link of a promotion, for the promotion settings (docs/product/registration.md#registration-link
 * 'Informations'). The server answers no link for a demo promotion, so nothing shows there.
 */
export const RegistrationLinkField = ({ promotionId }: { promotionId: number }) => {
  const link = useRegistrationLink(promotionId);
  if (!link.data) return null;
  const { url } = link.data;

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Lien copié');
    } catch {
      toast.error("Le lien n'a pas pu être copié");
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <InputField
        label={REGISTRATION_LINK_LABEL}
        value={url}
        readOnly
        className="min-w-64 flex-1"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button variant="secondary" onClick={handleCopy}>
        <Copy className="size-4" aria-hidden="true" />
        Copier le lien
      </Button>
      <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
        <ExternalLink className="size-4" aria-hidden="true" />
        Ouvrir
      </a>
    </div>
  );
};
