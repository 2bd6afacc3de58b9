// Every rule of the contact form, as the server and the browser apply it.
import { describe, expect, it } from "vitest";
import { checkInquiry, countLinks, INQUIRY_ERRORS, type InquiryValues, inquiryValues } from "./rules.ts";

const valid: InquiryValues = {
  name: "Priya Raman",
  phoneNumber: "+91 98765 43210",
  email: "priya@example.com",
  message: "We are getting married in March and would love a quote.",
};

function errorsFor(values: Partial<InquiryValues>) {
  const result = checkInquiry({ ...valid, ...values });
  return result.ok ? {} : result.errors;
}

describe("checkInquiry", () => {
  it("accepts a complete inquiry and trims it", () => {
    const result = checkInquiry({ ...valid, name: "  Priya  ", message: "\n Hello\r\nthere \n" });
    expect(result).toEqual({ ok: true, inquiry: { ...valid, name: "Priya", message: "Hello\nthere" } });
  });

  it("requires a message (spaces alone are none)", () => {
    expect(errorsFor({ message: "" })).toEqual({ message: INQUIRY_ERRORS.messageRequired });
    expect(errorsFor({ message: "   \n " })).toEqual({ message: INQUIRY_ERRORS.messageRequired });
  });

  it("needs an e-mail or a phone number, and either alone is enough", () => {
    expect(errorsFor({ email: "", phoneNumber: "" })).toEqual({
      email: INQUIRY_ERRORS.replyWayMissing,
      phoneNumber: INQUIRY_ERRORS.replyWayMissing,
    });
    expect(errorsFor({ email: "" })).toEqual({});
    expect(errorsFor({ phoneNumber: "" })).toEqual({});
  });

  it("checks the e-mail address", () => {
    for (const email of ["priya", "priya@", "@example.com", "priya@example", "pri ya@example.com", "a@b.c\nBcc: x@y.z"])
      expect(errorsFor({ email }), email).toEqual({ email: INQUIRY_ERRORS.emailInvalid });
    expect(errorsFor({ email: `${"a".repeat(250)}@example.com` })).toEqual({ email: INQUIRY_ERRORS.emailInvalid });
  });

  it("wants a phone of 7 to 15 digits with only spaces and - between them and a + in front", () => {
    for (const phoneNumber of ["1234567", "+91 98765-43210", "123456789012345", "0422 2345 678", "0422 - 2345678"])
      expect(errorsFor({ phoneNumber }), phoneNumber).toEqual({});
    for (const phoneNumber of [
      "123456",
      "1234567890123456",
      "98765 43210 ext 2",
      "(0422) 234567",
      "call me",
      "++++1234567",
      "98765+43210",
      "-98765 43210",
      "98765 43210-",
    ])
      expect(errorsFor({ phoneNumber }), phoneNumber).toEqual({ phoneNumber: INQUIRY_ERRORS.phoneInvalid });
  });

  it("caps the name at 100 and the message at 5,000 characters", () => {
    expect(errorsFor({ name: "n".repeat(100) })).toEqual({});
    expect(errorsFor({ name: "n".repeat(101) })).toEqual({ name: INQUIRY_ERRORS.nameTooLong });
    expect(errorsFor({ message: "m".repeat(5000) })).toEqual({});
    expect(errorsFor({ message: "m".repeat(5001) })).toEqual({ message: INQUIRY_ERRORS.messageTooLong });
  });

  it("allows three links in a message, not four", () => {
    const links = ["https://a.example", "http://b.example/x", "www.c.example", "https://d.example"];
    expect(errorsFor({ message: `See ${links.slice(0, 3).join(" ")}` })).toEqual({});
    expect(errorsFor({ message: `See ${links.join(" ")}` })).toEqual({ message: INQUIRY_ERRORS.tooManyLinks });
    expect(countLinks("[url=https://x.example]x[/url] www.y.example")).toBe(3);
  });

  it("turns control characters in one-line fields into spaces, so they cannot break a mail header", () => {
    const result = checkInquiry({ ...valid, name: "Priya\r\nBcc: someone@example.com" });
    expect(result.ok && result.inquiry.name).toBe("Priya  Bcc: someone@example.com");
  });

  it("reports every field's first problem at once", () => {
    expect(errorsFor({ name: "n".repeat(101), email: "bad", phoneNumber: "12", message: "" })).toEqual({
      name: INQUIRY_ERRORS.nameTooLong,
      email: INQUIRY_ERRORS.emailInvalid,
      phoneNumber: INQUIRY_ERRORS.phoneInvalid,
      message: INQUIRY_ERRORS.messageRequired,
    });
  });
});

describe("inquiryValues", () => {
  it("reads the four fields from form data, missing or file fields as empty", () => {
    const form = new FormData();
    form.set("name", "Priya");
    form.set("message", new Blob(["x"]));
    expect(inquiryValues(form)).toEqual({ name: "Priya", phoneNumber: "", email: "", message: "" });
  });
});
