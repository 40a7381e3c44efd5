// Prints a D3D12_VERSIONED_ROOT_SIGNATURE_DESC one value a word, in the
// form decode/rootsig's cpp_test.go writes a decoded root signature, so
// the C++ dxscope prints can be checked against the bytes it came from.
#pragma once
#include <cstdio>
#include <cstring>
#include "d3d12_rootsig.h"

static void dumpFloat(float f) {
    if (std::isnan(f)) {
        std::printf(" nan");
        return;
    }
    unsigned bits;
    std::memcpy(&bits, &f, 4);
    std::printf(" %08x", bits);
}

static void dumpRange(const D3D12_DESCRIPTOR_RANGE& r) {
    std::printf("  range %u %u %u %u 0 %u\n", (unsigned)r.RangeType, r.NumDescriptors, r.BaseShaderRegister, r.RegisterSpace, r.OffsetInDescriptorsFromTableStart);
}

static void dumpRange(const D3D12_DESCRIPTOR_RANGE1& r) {
    std::printf("  range %u %u %u %u %u %u\n", (unsigned)r.RangeType, r.NumDescriptors, r.BaseShaderRegister, r.RegisterSpace, (unsigned)r.Flags, r.OffsetInDescriptorsFromTableStart);
}

static unsigned flagsOf(const D3D12_ROOT_DESCRIPTOR&) { return 0; }
static unsigned flagsOf(const D3D12_ROOT_DESCRIPTOR1& d) { return d.Flags; }
static unsigned flagsOf(const D3D12_STATIC_SAMPLER_DESC&) { return 0; }
static unsigned flagsOf(const D3D12_STATIC_SAMPLER_DESC1& s) { return s.Flags; }

template <typename Desc>
static void dumpDesc(unsigned version, const Desc& d) {
    std::printf("version %u flags %u params %u samplers %u\n", version, (unsigned)d.Flags, d.NumParameters, d.NumStaticSamplers);
    for (UINT i = 0; i < d.NumParameters; i++) {
        const auto& p = d.pParameters[i];
        std::printf(" param %u type %u visibility %u\n", i, (unsigned)p.ParameterType, (unsigned)p.ShaderVisibility);
        switch (p.ParameterType) {
        case D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE:
            std::printf("  table %u\n", p.DescriptorTable.NumDescriptorRanges);
            for (UINT j = 0; j < p.DescriptorTable.NumDescriptorRanges; j++)
                dumpRange(p.DescriptorTable.pDescriptorRanges[j]);
            break;
        case D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS:
            std::printf("  constants %u %u %u\n", p.Constants.ShaderRegister, p.Constants.RegisterSpace, p.Constants.Num32BitValues);
            break;
        case D3D12_ROOT_PARAMETER_TYPE_CBV:
        case D3D12_ROOT_PARAMETER_TYPE_SRV:
        case D3D12_ROOT_PARAMETER_TYPE_UAV:
            std::printf("  descriptor %u %u %u\n", p.Descriptor.ShaderRegister, p.Descriptor.RegisterSpace, flagsOf(p.Descriptor));
            break;
        default:
            break;
        }
    }
    for (UINT i = 0; i < d.NumStaticSamplers; i++) {
        const auto& s = d.pStaticSamplers[i];
        std::printf(" sampler %u %u %u %u", (unsigned)s.Filter, (unsigned)s.AddressU, (unsigned)s.AddressV, (unsigned)s.AddressW);
        dumpFloat(s.MipLODBias);
        std::printf(" %u %u %u", s.MaxAnisotropy, (unsigned)s.ComparisonFunc, (unsigned)s.BorderColor);
        dumpFloat(s.MinLOD);
        dumpFloat(s.MaxLOD);
        std::printf(" %u %u %u %u\n", s.ShaderRegister, s.RegisterSpace, (unsigned)s.ShaderVisibility, flagsOf(s));
    }
}

static void dump(const D3D12_VERSIONED_ROOT_SIGNATURE_DESC& d) {
    switch (d.Version) {
    case D3D_ROOT_SIGNATURE_VERSION_1_0:
        dumpDesc(1, d.Desc_1_0);
        break;
    case D3D_ROOT_SIGNATURE_VERSION_1_1:
        dumpDesc(2, d.Desc_1_1);
        break;
    case D3D_ROOT_SIGNATURE_VERSION_1_2:
        dumpDesc(3, d.Desc_1_2);
        break;
    }
}
