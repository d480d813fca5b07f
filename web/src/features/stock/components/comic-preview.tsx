import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { Comic } from '../../../types/api';
import { Dialog } from '../../../components/ui/dialog';
import { ComicDetails } from './comic-details';

interface Props {
  comic: Comic;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The admin's marketplace listing actions, given by the app (a lazy chunk, never loaded for shoppers). */
  adminActions?: ComponentType<{ comic: Comic }>;
  /** The series' actions for a comic in a series (the pull list's Subscribe button), given by the app. */
  seriesActions?: ComponentType<{ comic: Comic }>;
}

/** The preview popup: the item's details, and a link to its page (to share, or to open in a tab). */
export function ComicPreview({ comic, open, onOpenChange, adminActions, seriesActions }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={comic.mainDescription} size="lg" className="preview">
      <ComicDetails comic={comic} onLeave={() => onOpenChange(false)} adminActions={adminActions} seriesActions={seriesActions} />
      <p className="preview__page-link">
        <Link to={comic.url} onClick={() => onOpenChange(false)}>
          Open the item page
        </Link>
      </p>
    </Dialog>
  );
}
