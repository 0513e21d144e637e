/** The error feedback of the public page (docs/product/errors.md#sales-pipeline: 'Lien invalide', type error; the first server error). */
export const ErrorFeedback = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
