import { Type } from "@sinclair/typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { evidenceHash, evidenceImageHash } from "@prds/contracts/evidence";
import type { FastifyInstance } from "fastify";
import { CALL_PATHS, ERROR_ENVELOPE_REF, registerCall } from "../call";
import type { AppContext } from "../context";
import { ApiError, apiError } from "../errors";
import { readEvidenceFile, storeEvidenceFile } from "../evidenceStore";
import { evidenceImageUrl, evidenceView } from "../evidenceView";
import { stripImage } from "../imageStrip";
import { sniffImage } from "../imageType";
import { canonicalText, hasForbiddenCharacters } from "../text";
import { Envelope, EvidenceView, HashBody, NoExtra, UploadData } from "@prds/api-schema";

export const EVIDENCE_UPLOAD_PATH = "/api/evidence/upload";
/** 2 MiB on this route alone (ARCHITECTURE "Evidence upload"); JSON calls keep the small limit. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_EVIDENCE_TEXT = 2000;

/**
 * The bytes32 a challenge carries: keccak256 of the canonical JSON {image, text} — the image's
 * keccak256 (or null) and the stored text — so anyone can check an evidence against the chain.
 * One definition with the devnet seed's (@prds/contracts/evidence).
 */
export function evidenceHashOf(imageHash: string | null, text: string): string {
  return evidenceHash(imageHash, text).toLowerCase();
}

/**
 * Our own errors and the multipart plugin's (limits: they carry a code) go on as they are; what the
 * form parser throws about a broken body (no boundary, cut-off part) is the client's mistake.
 */
function multipartFailure(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string" &&
    error.code.startsWith("FST_")
  )
    return error;
  return apiError("multipartRequired", {}, "The multipart body could not be read");
}

export function registerEvidence(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  CALL_PATHS.add(EVIDENCE_UPLOAD_PATH);

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    EVIDENCE_UPLOAD_PATH,
    {
      bodyLimit: MAX_IMAGE_BYTES + 64 * 1024,
      schema: {
        summary: "Upload a challenge's evidence (multipart: image file + text); answers the hash the challenge carries",
        description:
          "multipart/form-data with an `image` file (PNG, JPEG or WebP, checked by content, ≤ 2 MiB; 413 beyond) and/or a `text` field " +
          `(≤ ${MAX_EVIDENCE_TEXT} characters). The image is stored without metadata chunks (EXIF, text, ICC …), ` +
          "content-addressed (keccak256 of the stored bytes); evidence no challenge carries is removed after a window. " +
          "evidenceHash = keccak256(JSON.stringify({image: imageHash|null, text})).",
        tags: ["evidence"],
        consumes: ["multipart/form-data"],
        // Documents the form's parts; the parts are read and checked in the handler, not by Ajv.
        body: Type.Object({
          image: Type.Optional(Type.String({ format: "binary", description: "PNG, JPEG or WebP, ≤ 2 MiB" })),
          text: Type.Optional(Type.String({ maxLength: MAX_EVIDENCE_TEXT, description: "Evidence text" })),
        }),
        response: { 200: Envelope(UploadData, NoExtra), "4xx": ERROR_ENVELOPE_REF, "5xx": ERROR_ENVELOPE_REF },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw apiError("multipartRequired");
      let image: Buffer | null = null;
      let text = "";
      try {
        for await (const part of request.parts({
          limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 16 * 1024 },
        })) {
          if (part.type === "file") {
            if (part.fieldname !== "image") {
              part.file.resume();
              throw apiError("invalidBody", { field: part.fieldname }, `${part.fieldname}: unexpected file (send it as 'image')`);
            }
            // Throws the 413 error (FST_REQ_FILE_TOO_LARGE) once the file passes the limit.
            const bytes = await part.toBuffer();
            image = bytes.length > 0 ? bytes : null; // an empty file input means no image
          } else if (part.fieldname === "text") {
            if (typeof part.value !== "string" || part.valueTruncated)
              throw apiError("invalidBody", { field: "text" }, "text: too long");
            text = part.value;
          }
        }
      } catch (error) {
        throw multipartFailure(error);
      }
      text = canonicalText(text);
      if ([...text].length > MAX_EVIDENCE_TEXT)
        throw apiError(
          "invalidBody",
          { field: "text", details: { maxLength: MAX_EVIDENCE_TEXT } },
          `text: longer than ${MAX_EVIDENCE_TEXT} characters`,
        );
      if (hasForbiddenCharacters(text)) throw apiError("textInvalid", { field: "text" });
      if (image === null && text === "") throw apiError("evidenceEmpty", { field: "image" });
      // Evidence is judged like a market's texts, by content. There is no review queue for evidence:
      // what the lists would hold for review (war, death … words a report of real events uses) is
      // accepted; what they refuse (gambling, abuse) is refused.
      if (text !== "") {
        const verdict = ctx.moderator.check([["text", text]]);
        const refusal = verdict.hits.find((hit) => hit.action === "refuse");
        if (refusal)
          throw apiError("contentRefused", {
            field: "text",
            details: { reason: refusal.reason, term: refusal.term, language: refusal.language },
          });
      }

      const now = Math.floor(Date.now() / 1000);
      let imageHash: string | null = null;
      let mime: ReturnType<typeof sniffImage> = null;
      if (image !== null) {
        mime = sniffImage(image);
        if (mime === null) throw apiError("imageInvalid", { field: "image" });
        // What is stored (and hashed) is the picture alone, without text, EXIF or private chunks.
        image = stripImage(image, mime);
        if (image === null) throw apiError("imageInvalid", { field: "image" });
        imageHash = evidenceImageHash(image).toLowerCase();
        // Row first (an upload again restarts its window), then the file: the sweep deletes a file
        // only once its row is gone (evidenceSweep.ts).
        await db
          .insertInto("evidence_files")
          .values({ hash: imageHash, mime, size: image.length, created_at: now })
          .onConflict((oc) => oc.column("hash").doUpdateSet({ created_at: now }))
          .execute();
        await storeEvidenceFile(ctx.config.evidenceDir, imageHash, image);
      }
      const evidenceHash = evidenceHashOf(imageHash, text);
      // Kept while a challenge carries it; otherwise swept a window after the last upload.
      await db
        .insertInto("evidence")
        .values({ hash: evidenceHash, image_hash: imageHash, text, created_at: now })
        .onConflict((oc) => oc.column("hash").doUpdateSet({ created_at: now }))
        .execute();
      return {
        code: 0 as const,
        msg: "success",
        data: {
          evidenceHash,
          imageHash,
          imageUrl: imageHash === null ? null : evidenceImageUrl(imageHash),
          mime,
          size: image?.length ?? 0,
          text,
        },
        extra: null,
      };
    },
  );

  registerCall(
    app,
    {
      path: "/api/evidence/detail",
      cache: "public",
      summary: "A stored evidence by its hash (the one on chain): image URL and text",
      tags: ["evidence"],
      body: HashBody,
      data: EvidenceView,
      extra: NoExtra,
    },
    async (body) => {
      const hash = body.hash.toLowerCase();
      const row = await db.selectFrom("evidence").selectAll().where("hash", "=", hash).executeTakeFirst();
      if (!row) throw apiError("evidenceNotFound", { field: "hash" });
      return { data: evidenceView(row.hash, row.image_hash, row.text), extra: null };
    },
  );

  // The one GET besides the OpenAPI document: an <img src> cannot POST.
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/api/evidence/:hash",
    {
      schema: {
        summary: "An evidence image by its keccak256, served with its type",
        tags: ["evidence"],
        // Checked in the handler, so that GET /api/evidence/upload answers 405 like other calls.
        params: Type.Object({ hash: Type.String({ description: "keccak256 of the image bytes (0x + 64 hex)" }) }),
      },
    },
    async (request, reply) => {
      if (CALL_PATHS.has(request.url.split("?")[0] ?? "")) {
        void reply.header("allow", "POST");
        throw apiError("methodNotAllowed");
      }
      if (!/^0x[0-9a-fA-F]{64}$/.test(request.params.hash)) throw apiError("evidenceNotFound", { field: "hash" });
      const hash = request.params.hash.toLowerCase();
      const row = await db.selectFrom("evidence_files").select(["mime", "size"]).where("hash", "=", hash).executeTakeFirst();
      const bytes = row ? await readEvidenceFile(ctx.config.evidenceDir, hash) : null;
      if (!row || !bytes) throw apiError("evidenceNotFound", { field: "hash" });
      return reply
        .header("content-type", row.mime)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cross-origin-resource-policy", "cross-origin")
        .send(bytes);
    },
  );
}
