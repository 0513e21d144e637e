import { type CandidacyDetail, MESSAGES } from '@promovente/shared';
import { type KeyboardEvent, useState } from 'react';
import { useParams } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/Spinner';
import { inDemoMode, useUser } from '../../../lib/auth';
import { CandidateFormModal, CommentsModal, FilesModal } from '../../candidates';
import { NewThreadModal } from '../../threads';
import { useCandidateRecord } from '../api/candidate-record';
import { keepRecordMenu, RECORD_MENUS, type RecordMenu, readRecordMenu } from '../record-view';
import { CandidateSearch } from './CandidateSearch';
import { CandidacyModalsMenu, CandidaturesMenu, InformationsMenu, MessagesMenu } from './RecordMenus';

type Modal = { kind: 'edit'; candidacyId: number } | { kind: 'files' | 'comments'; candidacy: CandidacyDetail } | { kind: 'newThread' };

const parseId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/**
 * The candidate record (docs/product/candidate-record.md#screens, brokers): five menus, the chosen
 * one kept in the browser, and a search that jumps to another candidate's record.
 */
export const CandidateRecordPage = () => {
  const id = parseId(useParams().id);
  const { data: user } = useUser();
  const record = useCandidateRecord(id);
  const [menu, setMenu] = useState<RecordMenu>(() => readRecordMenu(localStorage));
  const [modal, setModal] = useState<Modal | null>(null);
  const close = () => setModal(null);
  const currentPromotionId = user?.promotion?.id ?? null;

  const handleChoose = (next: RecordMenu) => {
    setMenu(next);
    keepRecordMenu(localStorage, next);
  };
  // Arrow keys move between the menus (the tabs pattern).
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = RECORD_MENUS.findIndex((m) => m.key === menu);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = RECORD_MENUS[(index + step + RECORD_MENUS.length) % RECORD_MENUS.length].key;
    handleChoose(next);
    document.getElementById(`record-tab-${next}`)?.focus();
  };

  const data = record.data;
  const editable = data?.candidacies.find((c) => c.can_edit) ?? null;
  // A new thread is about the candidacy of the current promotion, else his first one.
  const threadCandidacy = data?.candidacies.find((c) => c.promotion_id === currentPromotionId) ?? data?.candidacies[0] ?? null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          {data && <Avatar name={data.full_name} src={data.profile_picture} size="md" />}
          <h1 className="truncate text-xl font-semibold text-slate-900">{data ? data.full_name : 'Candidat'}</h1>
        </div>
        {id !== null && <CandidateSearch promotionId={currentPromotionId} currentId={id} />}
      </div>

      {id === null || record.isError ? (
        <p className="text-sm text-slate-600">{MESSAGES.pageNotFound}</p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Menus du candidat"
            className="flex flex-wrap gap-1 border-b border-slate-200"
            onKeyDown={handleKeyDown}
          >
            {RECORD_MENUS.map((m) => (
              <button
                key={m.key}
                id={`record-tab-${m.key}`}
                type="button"
                role="tab"
                aria-selected={menu === m.key}
                aria-controls="record-panel"
                tabIndex={menu === m.key ? 0 : -1}
                onClick={() => handleChoose(m.key)}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
                  menu === m.key ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {m.label}
              </button>
            ))}
          </div>
          <div id="record-panel" role="tabpanel" aria-labelledby={`record-tab-${menu}`}>
            {menu === 'informations' && (
              <InformationsMenu record={data} onEdit={editable ? () => setModal({ kind: 'edit', candidacyId: editable.id }) : undefined} />
            )}
            {menu === 'candidatures' && <CandidaturesMenu record={data} />}
            {menu === 'documents' && (
              <CandidacyModalsMenu record={data} kind="documents" onOpen={(candidacy) => setModal({ kind: 'files', candidacy })} />
            )}
            {menu === 'commentaires' && (
              <CandidacyModalsMenu record={data} kind="commentaires" onOpen={(candidacy) => setModal({ kind: 'comments', candidacy })} />
            )}
            {menu === 'messages' && (
              <MessagesMenu record={data} onNewThread={threadCandidacy ? () => setModal({ kind: 'newThread' }) : undefined} />
            )}
          </div>
        </>
      )}

      {modal?.kind === 'edit' && <CandidateFormModal mode="edit" candidacyId={modal.candidacyId} readOnly={false} onClose={close} />}
      {modal?.kind === 'files' && <FilesModal row={modal.candidacy} canUpload={!inDemoMode(user)} onClose={close} />}
      {modal?.kind === 'comments' && <CommentsModal row={modal.candidacy} onClose={close} />}
      {modal?.kind === 'newThread' && data && threadCandidacy && (
        <NewThreadModal
          open
          onOpenChange={(open) => !open && close()}
          promotionId={threadCandidacy.promotion_id}
          candidacyId={threadCandidacy.id}
          recipient={{ id: data.id, base_class: 'candidate', full_name: data.full_name }}
        />
      )}
    </div>
  );
};
