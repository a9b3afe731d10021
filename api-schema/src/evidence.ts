import { Type } from "@sinclair/typebox";
import { type Answer, Bytes32, Nullable } from "./common";

/** `/api/evidence/upload`'s answer: what was stored, and the hash the challenge transaction carries. */
export const UploadData = Type.Object({
  evidenceHash: Bytes32,
  imageHash: Nullable("string"),
  imageUrl: Nullable("string"),
  mime: Nullable("string"),
  size: Type.Integer({ minimum: 0 }),
  text: Type.String(),
});
export type UploadData = Answer<typeof UploadData>;
