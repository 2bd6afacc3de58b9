// The people view's grouping (people.ts) against the plainest statement of its rule: in order of
// score, each face joins the person whose centre (the mean of its faces so far) is nearest and
// closer than PERSON_DISTANCE, or starts a person. The flat array and the early exit must change
// nothing but the time it takes.
import { describe, expect, it } from "vitest";
import { distance } from "./descriptor.ts";
import { groupPeople, PERSON_DISTANCE } from "./people.ts";

interface Face {
  id: number;
  photoId: number;
  score: number;
  descriptor: Float32Array;
}

/** The rule, written plainly (one centre per person, recomputed from its faces). */
function plainly(faces: readonly Face[]): number[][] {
  const people: Face[][] = [];
  const centre = (group: Face[]) =>
    Float32Array.from(
      { length: 128 },
      (_, i) => group.reduce((sum, f) => sum + (f.descriptor[i] as number), 0) / group.length,
    );
  for (const face of [...faces].sort((a, b) => b.score - a.score || a.id - b.id)) {
    let nearest: Face[] | undefined;
    let nearestDistance = PERSON_DISTANCE;
    for (const group of people) {
      const d = distance(face.descriptor, centre(group));
      if (d < nearestDistance) {
        nearest = group;
        nearestDistance = d;
      }
    }
    if (nearest) nearest.push(face);
    else people.push([face]);
  }
  return people
    .map((group) => group.map((f) => f.id).sort((a, b) => a - b))
    .sort((a, b) => (a[0] as number) - (b[0] as number));
}

/** 300 faces of 40 people (0.6 apart), each face 0.2 from its person: a fixed pseudo-random draw. */
function faces(): Face[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const unit = (v: Float32Array, length: number) => {
    const norm = Math.hypot(...v);
    return v.map((x) => (x / norm) * length);
  };
  const centres = Array.from({ length: 40 }, () => unit(Float32Array.from({ length: 128 }, gauss), 0.42));
  return Array.from({ length: 300 }, (_, id) => ({
    id,
    photoId: Math.floor(id / 3),
    score: random(),
    descriptor: Float32Array.from(centres[id % 40] as Float32Array, (x) => x + gauss() * 0.018),
  }));
}

describe("grouping faces by person", () => {
  it("groups exactly as the rule says, the clearest face first in each", () => {
    const all = faces();
    const people = groupPeople(all);
    expect(
      people
        .map((p) => p.faces.map((f) => f.id).sort((a, b) => a - b))
        .sort((a, b) => (a[0] as number) - (b[0] as number)),
    ).toEqual(plainly(all));
    // Not trivially one group or all alone: about the 40 people drawn.
    expect(people.length).toBeGreaterThanOrEqual(40);
    expect(people.length).toBeLessThan(60);
    for (const person of people) {
      expect(person.face.score).toBe(Math.max(...person.faces.map((f) => f.score)));
      expect(new Set(person.photoIds).size).toBe(person.photoIds.length);
    }
  });
});
