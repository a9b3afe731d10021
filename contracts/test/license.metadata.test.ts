import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Contract } from "ethers";
import { deployArtifact } from "../scripts/artifacts";
import { DEFAULT_PROTOCOL_OPTIONS } from "../scripts/deploy";
import { by, deployFixture, mintUsdt, usdt, type Fixture } from "./helpers/fixture";
import { eventsOf, expectRevert } from "./helpers/assertions";
import { DAY, increaseTime, isolateEach, now } from "./helpers/chain";
import { allElements, parseXml, type XmlElement } from "./helpers/xml";

// Issue 27 item 31: a License carries ERC-721 metadata (a data: URI, JSON with an SVG image drawn
// from the same facts) and ERC-4906 MetadataUpdate tells marketplaces when it changed.

const COMMON = 0;
const SCARCITY = 1;

interface Attribute {
  trait_type: string;
  value: string | number;
  display_type?: string;
  max_value?: number;
}

interface Metadata {
  name: string;
  description: string;
  image: string;
  attributes: Attribute[];
}

function decodeDataUri(uri: string, mediaType: string): string {
  const prefix = `data:${mediaType};base64,`;
  expect(uri.startsWith(prefix)).toBe(true);
  const payload = uri.slice(prefix.length);
  expect(payload).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  return Buffer.from(payload, "base64").toString("utf8");
}

/** tokenURI → the JSON, checked against the ERC-721 metadata JSON schema (and OpenSea's attributes). */
async function metadataOf(license: Contract, tokenId: bigint): Promise<Metadata> {
  const json: unknown = JSON.parse(decodeDataUri((await license.tokenURI(tokenId)) as string, "application/json"));
  if (typeof json !== "object" || json === null) throw new Error("metadata is not an object");
  const m = json as Record<string, unknown>;
  expect(Object.keys(m).sort()).toEqual(["attributes", "description", "image", "name"]);
  expect(typeof m.name).toBe("string");
  expect(typeof m.description).toBe("string");
  expect(String(m.description).length).toBeGreaterThan(20);
  expect(typeof m.image).toBe("string");
  expect(Array.isArray(m.attributes)).toBe(true);
  for (const attribute of m.attributes as unknown[]) {
    const a = attribute as Record<string, unknown>;
    expect(typeof a.trait_type).toBe("string");
    expect(["string", "number"]).toContain(typeof a.value);
    if (a.display_type !== undefined) expect(["number", "date"]).toContain(a.display_type);
    if (a.display_type !== undefined) expect(typeof a.value).toBe("number");
  }
  return json as Metadata;
}

function trait(metadata: Metadata, name: string): Attribute["value"] | undefined {
  return metadata.attributes.find((a) => a.trait_type === name)?.value;
}

/** The image: a well-formed SVG document (strictly parsed), returned with its texts in order. */
function svgOf(metadata: Metadata): { root: XmlElement; texts: string[] } {
  const root = parseXml(decodeDataUri(metadata.image, "image/svg+xml"));
  expect(root.name).toBe("svg");
  expect(root.attributes.xmlns).toBe("http://www.w3.org/2000/svg");
  expect(root.attributes.viewBox).toBe("0 0 350 350");
  const elements = allElements(root);
  const known = new Set(["svg", "rect", "g", "text"]);
  expect(elements.filter((e) => !known.has(e.name))).toEqual([]);
  // Every shape and text lies inside the 350 × 350 view, so nothing is cut off.
  for (const e of elements) {
    for (const key of ["x", "y", "width", "height"]) {
      if (e.attributes[key] !== undefined) expect(Number(e.attributes[key])).toBeGreaterThanOrEqual(0);
    }
    if (e.attributes.x !== undefined && e.attributes.width !== undefined) {
      expect(Number(e.attributes.x) + Number(e.attributes.width)).toBeLessThanOrEqual(350);
    }
  }
  return { root, texts: elements.filter((e) => e.name === "text").map((e) => e.text) };
}

/** The uses bar: one cell per use of a new License, the cells left drawn solid. */
function usesBar(root: XmlElement): { cells: number; solid: number } {
  const cells = allElements(root).filter((e) => e.name === "rect" && e.attributes.y === "228");
  return { cells: cells.length, solid: cells.filter((e) => e.attributes["fill-opacity"] === "1").length };
}

async function buyLicense(f: Fixture, license: Contract, buyer: HardhatEthersSigner, type = COMMON): Promise<bigint> {
  const price = (await license.typePrice(type)) as bigint;
  await mintUsdt(f.usdt, buyer, price, await license.getAddress());
  const tokenId = (await by(license, buyer).buy.staticCall(type)) as bigint;
  await (await by(license, buyer).buy(type)).wait();
  return tokenId;
}

async function metadataUpdates(receipt: unknown, license: Contract): Promise<bigint[]> {
  const events = await eventsOf(receipt as Parameters<typeof eventsOf>[0], license, "MetadataUpdate");
  return events.map((e) => e.args[0] as bigint);
}

describe("License metadata (ERC-721 metadata, ERC-4906)", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await deployFixture();
  });
  isolateEach();

  it("declares ERC-721 metadata, ERC-4906 and ERC-4907", async () => {
    expect(await f.license.supportsInterface("0x5b5e139f")).toBe(true);
    expect(await f.license.supportsInterface("0x49064906")).toBe(true);
    expect(await f.license.supportsInterface("0xad092b5c")).toBe(true);
    expect(await f.license.supportsInterface("0xffffffff")).toBe(false);
  });

  it("describes a new License: name, type, number, uses left, rental, and an SVG image of the same facts", async () => {
    await buyLicense(f, f.license, f.bob, COMMON);
    const tokenId = await buyLicense(f, f.license, f.alice, SCARCITY);
    expect(tokenId).toBe(2n);
    const metadata = await metadataOf(f.license, tokenId);
    expect(metadata.name).toBe("PRDS License #2");
    expect(metadata.attributes).toEqual([
      { trait_type: "Type", value: "Scarcity" },
      { trait_type: "Number", display_type: "number", value: 1 },
      { trait_type: "Uses left", display_type: "number", value: 10, max_value: 10 },
      { trait_type: "Rental", value: "Not rented" },
      { trait_type: "Tradable", value: "Yes" },
      { trait_type: "Rentable", value: "Yes" },
      { trait_type: "Usable", value: "Yes" },
    ]);
    const { root, texts } = svgOf(metadata);
    expect(texts).toEqual(["PRDS License", "#2", "Scarcity No. 1", "Uses left: 10 / 10", "Not rented"]);
    expect(usesBar(root)).toEqual({ cells: 10, solid: 10 });
  });

  it("refuses the metadata of a License that does not exist (NonexistentLicense)", async () => {
    await expectRevert(f.license.tokenURI(7), f.license, "NonexistentLicense", [7n]);
  });

  it("counts the uses down and back up, each with MetadataUpdate", async () => {
    const [markets, marketplace] = [f.carol, f.dave];
    const types = DEFAULT_PROTOCOL_OPTIONS.licenseTypes;
    // A License whose Markets role is a plain account, so a use is one call.
    const license = await deployArtifact("License", f.deployer, [
      await f.usdt.getAddress(),
      f.deployer.address,
      10,
      types.map((t) => [t.price, t.maxSupply, t.tradable, t.rentable, t.usable]),
      [],
    ]);
    await (await license.setMarkets(markets.address)).wait();
    await (await license.setMarketplace(marketplace.address)).wait();
    const tokenId = await buyLicense(f, license, f.alice, COMMON);

    const used = await (await by(license, markets).useForIssue(tokenId, f.alice.address, (await now()) + DAY)).wait();
    expect(await metadataUpdates(used, license)).toEqual([tokenId]);
    let metadata = await metadataOf(license, tokenId);
    expect(trait(metadata, "Uses left")).toBe(9);
    let svg = svgOf(metadata);
    expect(svg.texts).toContain("Uses left: 9 / 10");
    expect(usesBar(svg.root)).toEqual({ cells: 10, solid: 9 });

    const recycled = await (await by(license, markets).recycleUse(tokenId)).wait();
    expect(await metadataUpdates(recycled, license)).toEqual([tokenId]);
    metadata = await metadataOf(license, tokenId);
    expect(trait(metadata, "Uses left")).toBe(10);
    svg = svgOf(metadata);
    expect(svg.texts).toContain("Uses left: 10 / 10");
  });

  it("shows a rental from its start to the License's return, with MetadataUpdate at the rent and at the return", async () => {
    const tokenId = await buyLicense(f, f.license, f.alice, COMMON);
    const mp = await f.marketplace.getAddress();
    await (await by(f.license, f.alice).setApprovalForAll(mp, true)).wait();
    await (await by(f.marketplace, f.alice).listForRent(tokenId, usdt(10), 30, 3)).wait();
    await mintUsdt(f.usdt, f.bob, usdt(30), mp);
    const rented = await (await by(f.marketplace, f.bob).rent(tokenId, 3, usdt(10))).wait();
    expect(await metadataUpdates(rented, f.license)).toEqual([tokenId]);

    const expires = Number(await f.license.userExpires(tokenId));
    let metadata = await metadataOf(f.license, tokenId);
    expect(trait(metadata, "Rental")).toBe("Rented");
    expect(metadata.attributes).toContainEqual({ trait_type: "Rented until", display_type: "date", value: expires });
    expect(svgOf(metadata).texts.at(-1)).toBe("Rented");

    // The end passes without a transaction: the metadata reads the chain's clock, no event can fire.
    await increaseTime(3 * DAY + 1);
    metadata = await metadataOf(f.license, tokenId);
    expect(trait(metadata, "Rental")).toBe("Rental ended");
    expect(trait(metadata, "Rented until")).toBeUndefined();
    expect(svgOf(metadata).texts.at(-1)).toBe("Rental ended");

    // The owner takes the License back: the transfer clears the rental, and marketplaces are told.
    const returned = await (await by(f.marketplace, f.alice).cancelRentListing(tokenId)).wait();
    expect(await metadataUpdates(returned, f.license)).toEqual([tokenId]);
    metadata = await metadataOf(f.license, tokenId);
    expect(trait(metadata, "Rental")).toBe("Not rented");
    expect(await f.license.ownerOf(tokenId)).toBe(f.alice.address);
  });

  it("emits no MetadataUpdate for a transfer that changes nothing the metadata says", async () => {
    const tokenId = await buyLicense(f, f.license, f.alice, COMMON);
    const moved = await (await by(f.license, f.alice).transferFrom(f.alice.address, f.bob.address, tokenId)).wait();
    expect(await metadataUpdates(moved, f.license)).toEqual([]);
    expect(await f.license.ownerOf(tokenId)).toBe(f.bob.address);
  });
});
