/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { raiseErrorModal } from "@/lib/http/error-bus";
import { ErrorModal } from "./error-modal";

beforeAll(() => {
  // jsdom implements <dialog> without showModal; give it the minimal behaviour.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
});

describe("ErrorModal", () => {
  it("opens with the server message and a close button", () => {
    render(<ErrorModal title="Oops" unknown="Unknown error" close="Close" />);
    act(() => raiseErrorModal({ message: "Guild not found" }));
    expect(screen.getByRole("dialog", { name: "Oops" })).toHaveProperty("open", true);
    expect(screen.getByText("Guild not found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("falls back to the generic message", () => {
    render(<ErrorModal title="Oops" unknown="Unknown error" close="Close" />);
    act(() => raiseErrorModal({}));
    expect(screen.getByText("Unknown error")).toBeTruthy();
  });
});
