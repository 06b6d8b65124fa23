import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Checkbox } from "../src/ui/checkbox.tsx";
import { DateField } from "../src/ui/date-field.tsx";
import { type DropdownOption, SearchableDropdown } from "../src/ui/searchable-dropdown.tsx";
import { TextField } from "../src/ui/text-field.tsx";
import { TileSwitch } from "../src/ui/tile-switch.tsx";
import { countries, policyTypes } from "./gallery-parts.tsx";

// The shared widgets inside a react-hook-form form: registered, controlled, and validated on submit.

interface DemoForm {
  firstName: string;
  dateOfBirth: string;
  country: DropdownOption | null;
  policyType: string;
  agree: boolean;
}

export function FormDemo() {
  const { register, control, handleSubmit, formState } = useForm<DemoForm>({
    defaultValues: { firstName: "", dateOfBirth: "", country: null, policyType: "", agree: false },
  });
  const [submitted, setSubmitted] = useState("");
  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit((values) => setSubmitted(JSON.stringify(values)))}>
      <TextField
        {...register("firstName", { required: "Please provide First Name" })}
        label="First name (register)"
        error={errors.firstName?.message}
      />
      <Controller
        control={control}
        name="dateOfBirth"
        rules={{ required: "Please provide Date Of Birth" }}
        render={({ field }) => (
          <DateField
            {...field}
            label="Date of birth (Controller)"
            max={new Date().toISOString().slice(0, 10)}
            error={errors.dateOfBirth?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="country"
        rules={{ required: "Please provide Country of citizenship" }}
        render={({ field }) => (
          <SearchableDropdown
            {...field}
            label="Country of citizenship (Controller)"
            options={countries}
            error={errors.country?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="policyType"
        rules={{ required: "Please provide Type of policies" }}
        render={({ field }) => (
          <TileSwitch
            {...field}
            legend="Type of policy (Controller)"
            options={policyTypes}
            error={errors.policyType?.message}
          />
        )}
      />
      <Checkbox
        {...register("agree", { required: "Please agree to proceed." })}
        label="I agree (register)"
        error={errors.agree?.message}
      />
      <button type="submit" className="k-btn k-btn--contained">
        Submit
      </button>
      <output className="g-output">{submitted}</output>
    </form>
  );
}
