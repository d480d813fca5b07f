import { Suspense, useEffect, useState, type ComponentType } from 'react';
import type { Comic } from '../../../types/api';
import { formatRelease } from '../../../lib/dates';
import { useRunSearch } from '../hooks/use-run-search';
import { suggestedTermsFor } from '../lib/search';
import { ComicImage } from '../../../components/comic-image';
import { AddToOrderButton } from './add-to-order-button';
import { useIsAdmin } from '../../../lib/session';
import { Link } from 'react-router';
import { focNotice } from '../lib/foc';
import { conditionSummary } from '@shop/domain/catalogue/gradeScale';

interface Props {
  comic: Comic;
  /** Called before the details take the shopper elsewhere (a search, the series page): the preview closes. */
  onLeave?: () => void;
  /** The admin's marketplace listing actions, given by the app (a lazy chunk, never loaded for shoppers). */
  adminActions?: ComponentType<{ comic: Comic }>;
  /** The series' actions for a comic in a series (the pull list's Subscribe button), given by the app. */
  seriesActions?: ComponentType<{ comic: Comic }>;
}

/**
 * An item's details: cover and extra images, facts (series, issue, grade, key notes), searches and
 * the price button. The preview popup shows them, and so does the item's page (/item/{_id}/{slug}).
 */
export function ComicDetails({ comic, onLeave = () => undefined, adminActions: AdminActions, seriesActions: SeriesActions }: Props) {
  const isAdmin = useIsAdmin();
  const runSearch = useRunSearch();
  const imageIds = [comic.comicId, ...(comic.images ?? []).map((i) => i.imageId)].filter((id, i, all) => id && all.indexOf(id) === i);
  const [selected, setSelected] = useState(imageIds[0] ?? null);
  useEffect(() => setSelected(comic.comicId), [comic.comicId]);

  const release = formatRelease(comic.releaseMonth, comic.releaseYear);
  const grade = conditionSummary(comic.condition);
  const foc = focNotice(comic, new Date());
  const issue = [
    comic.issueNumber ? `#${comic.issueNumber.replace(/^#/, '')}` : '',
    comic.cover ? `cover ${comic.cover}` : '',
    comic.printing > 1 ? `printing ${comic.printing}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const suggestions = suggestedTermsFor(`${comic.mainDescription} ${comic.variantDescription ?? ''}`);
  const search = (term: string) => {
    onLeave();
    runSearch(term);
  };
  const credits = [
    comic.writer ? `Writer: ${comic.writer}` : null,
    comic.artist ? `Artist: ${comic.artist}` : null,
    comic.coverArtist ? `Cover: ${comic.coverArtist}` : null,
  ].filter(Boolean);

  return (
    <div className="preview__layout">
      <div className="preview__media">
        <ComicImage
          item={comic}
          imageId={selected}
          alt={`Cover of ${comic.mainDescription}${comic.variantDescription ? ` (${comic.variantDescription})` : ''}`}
          className="preview__img"
          eager
        />
        {imageIds.length > 1 ? (
          <ul className="preview__thumbs" aria-label="More images">
            {imageIds.map((id, index) => (
              <li key={id}>
                <button
                  type="button"
                  className={id === selected ? 'preview__thumb is-selected' : 'preview__thumb'}
                  aria-label={`Show image ${index + 1}`}
                  aria-pressed={id === selected}
                  onClick={() => setSelected(id)}
                >
                  <ComicImage item={comic} imageId={id} alt="" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="preview__info">
        {comic.variantDescription ? (
          <p className="preview__variant">
            <span className="visually-hidden">Variant: </span>
            {comic.variantDescription}
          </p>
        ) : null}
        <dl className="preview__facts">
          {comic.seriesId ? (
            <>
              <dt>Series</dt>
              <dd>
                <Link className="preview__series" to={`/series/${encodeURIComponent(comic.seriesId)}`} onClick={() => onLeave()}>
                  {comic.seriesTitle || 'All issues'}
                </Link>
              </dd>
            </>
          ) : null}
          {issue ? (
            <>
              <dt>Issue</dt>
              <dd>{issue}</dd>
            </>
          ) : null}
          {grade ? (
            <>
              <dt>{comic.condition?.kind === 'slab' ? 'Graded' : 'Condition'}</dt>
              <dd className="preview__grade">{grade}</dd>
            </>
          ) : null}
          {comic.condition?.kind === 'slab' ? (
            <>
              <dt>Certification</dt>
              <dd>
                {comic.condition.certNumber}
                {comic.condition.pageQuality ? ` · ${comic.condition.pageQuality} pages` : ''}
              </dd>
            </>
          ) : null}
          {comic.keyNotes ? (
            <>
              <dt>Key notes</dt>
              <dd>{comic.keyNotes}</dd>
            </>
          ) : null}
          {foc ? (
            <>
              <dt>Order cut-off</dt>
              <dd>{foc.kind === 'open' ? foc.label : 'Orders closed'}</dd>
            </>
          ) : null}
          {release ? (
            <>
              <dt>Released</dt>
              <dd>{release}</dd>
            </>
          ) : null}
          {comic.publisher ? (
            <>
              <dt>Publisher</dt>
              <dd>
                <button
                  type="button"
                  className="chip"
                  aria-label={`Search for ${comic.publisher}`}
                  onClick={() => search(comic.publisher ?? '')}
                >
                  {comic.publisher}
                </button>
              </dd>
            </>
          ) : null}
        </dl>
        <div className="preview__description">
          {credits.length ? <p>{credits.join(' · ')}</p> : null}
          <p className="muted">A description for this item is coming soon. Questions? Send us feedback and we will help.</p>
        </div>
        {suggestions.length ? (
          <div className="preview__suggest">
            <h3 className="preview__subheading">Find more</h3>
            <ul className="chip-list">
              {suggestions.map((term) => (
                <li key={term}>
                  <button type="button" className="chip" aria-label={`Search for ${term}`} onClick={() => search(term)}>
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="preview__buy">
          <AddToOrderButton comic={comic} title={comic.mainDescription} variant="preview" />
        </div>
        {SeriesActions && comic.seriesId ? (
          <Suspense fallback={null}>
            <SeriesActions comic={comic} />
          </Suspense>
        ) : null}
        {isAdmin && AdminActions ? (
          <Suspense fallback={null}>
            <AdminActions comic={comic} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
