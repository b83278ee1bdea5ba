-- A FlowX custom validator: an even number.
flowx.validator("even", function(value)
  return math.type(value) == "integer" and value % 2 == 0
end)
